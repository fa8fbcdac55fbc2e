import { CONTENT } from '@taxback/domain/content';
import { feeParagraphs } from '@taxback/domain/authority';
import { hasFee } from '../../components/authority/fee-note.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ContactUs } from '../../components/ui/contact-us.tsx';
import { useFeeSettings } from '../../lib/settings.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Terms and conditions in plain English. */
export function TermsPage() {
  usePageTitle('Terms and conditions');
  const fee = useFeeSettings();
  return (
    <Container width="narrow" className="py-10">
      <article className="space-y-4">
        <h1 className="text-3xl">Terms and conditions</h1>
        <p>
          These terms apply when you ask {CONTENT.brandName} to claim a tax refund or mileage rebate for you.
        </p>
        <h2 className="pt-4 text-2xl">Our service</h2>
        <p>
          We check your eligibility, prepare your claim and, with your signed authority, act as your tax agent
          with HM Revenue &amp; Customs (HMRC). HMRC decides whether a refund is due and how much; any figures
          we show before then are estimates.
        </p>
        <h2 className="pt-4 text-2xl">Fees</h2>
        {hasFee(fee) ? (
          <>
            {feeParagraphs(fee, null).map((text) => (
              <p key={text}>{text}</p>
            ))}
            <p>The exact fee terms are in the authority you sign. HMRC has not seen or endorsed them.</p>
          </>
        ) : (
          <p>
            No fees: we charge nothing for our service. You can also claim tax relief directly from HMRC,
            which is free.
          </p>
        )}
        <h2 className="pt-4 text-2xl">Your responsibilities</h2>
        <p>
          The information you give us must be true and complete. Claims are checked by HMRC, which can ask for
          evidence such as a mileage log.
        </p>
        <h2 className="pt-4 text-2xl">Timescales</h2>
        <p>
          HMRC usually repays within {CONTENT.refundWeeks} of receiving a claim, but we cannot guarantee how
          long it will take.
        </p>
        <h2 className="pt-4 text-2xl">Contact</h2>
        <p>
          Contact us by <ContactUs />.
        </p>
      </article>
    </Container>
  );
}
