import { CONTENT } from '@taxback/domain/content';
import { Container } from '../../components/ui/container.tsx';
import { ContactUs } from '../../components/ui/contact-us.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Privacy notice (D16), including the OGL attribution for the postcode data (D9). */
export function PrivacyPage() {
  usePageTitle('Privacy policy');
  return (
    <Container width="narrow" className="py-10">
      <article className="space-y-4">
        <h1 className="text-3xl">Privacy policy</h1>
        <p>
          {CONTENT.brandName} helps UK taxpayers claim tax refunds on work expenses and business mileage. This
          page explains what personal data we collect, why, and how long we keep it.
        </p>

        <h2 className="pt-4 text-2xl">What we collect</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Your contact details: name, email address, phone number and home address.</li>
          <li>
            Details of your claim: expenses, employment, vehicle, business mileage, journeys and evidence you
            upload.
          </li>
          <li>
            Your signature and, for mileage claims, your National Insurance number and any P60 you give us.
          </li>
          <li>
            Technical data: your IP address, browser type and the advertising campaign or partner that
            referred you.
          </li>
        </ul>

        <h2 className="pt-4 text-2xl">How we use it</h2>
        <p>
          We use your data only to check whether you qualify, prepare your claim, act as your tax agent with
          HM Revenue &amp; Customs, and contact you about your claim. We do not sell your data. Your National
          Insurance number is encrypted when stored, and uploaded files are private: only you (during your
          session) and our claims team can open them.
        </p>
        <p>
          Everything runs on our own servers: this site makes no requests to advertising, analytics or other
          third-party services from your browser.
        </p>

        <h2 className="pt-4 text-2xl">How long we keep it</h2>
        <p>
          Applications you start but do not submit are deleted, with their files, after 90 days without
          activity. Submitted claims are kept for as long as we need them to complete your claim and to meet
          our legal and accounting obligations.
        </p>

        <h2 className="pt-4 text-2xl">Your rights</h2>
        <p>
          You can ask to see, correct or delete your data, or object to how we use it, by <ContactUs />. You
          can also complain to the Information Commissioner&apos;s Office (ICO).
        </p>

        <h2 className="pt-4 text-2xl">Postcode data</h2>
        <p>Distances between postcodes are estimated using open postcode data:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Contains OS data © Crown copyright and database right 2025</li>
          <li>Contains Royal Mail data © Royal Mail copyright and database right 2025</li>
          <li>Contains National Statistics data © Crown copyright and database right 2025</li>
        </ul>
      </article>
    </Container>
  );
}
