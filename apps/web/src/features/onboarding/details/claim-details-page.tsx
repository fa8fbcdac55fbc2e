import { useState } from 'react';
import { claimsTravel, type GeneralDetails } from '@taxback/domain';
import { Container } from '../../../components/ui/container.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../../lib/download-file.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AboutYouStep, EmploymentsStep, TaxYearsStep } from './about-steps.tsx';
import { CheckStep, SignStep } from './check-and-sign.tsx';
import { AmountsStep, ClothingStep, FeesStep, WfhStep } from './expense-steps.tsx';
import { MileageHandover, TravelStep } from './travel-step.tsx';
import { useDetails } from './use-details.ts';

/**
 * D30: "Add the details HMRC needs" for a funnel claim, reached from the success dialog or, on any
 * device, from the status page after its code sign-in (claim-details-route.tsx finds the claim).
 */
export function ClaimDetailsPage({ sessionId }: { sessionId: string }) {
  const d = useDetails(sessionId);
  const [signedUrl, setSignedUrl] = useState<string | null>(null);

  // Decision 052: travel is claimed next, in the mileage wizard, with what is known filled in.
  const travel = d.details && claimsTravel(d.view?.selectedExpenses ?? []) ? d.details : null;
  if (signedUrl)
    return (
      <Signed
        sessionId={sessionId}
        authorityUrl={signedUrl}
        reference={d.view?.reference ?? ''}
        travel={travel}
      />
    );
  if (d.loadError) return <NotFound />;
  const details = d.details;
  if (!d.view || !details) {
    return (
      <Container width="narrow" className="py-10">
        <p role="status">Loading your claim…</p>
      </Container>
    );
  }
  if (d.view.detailsSignedAt)
    return <Signed sessionId={sessionId} authorityUrl={null} reference={d.view.reference} travel={travel} />;
  const props = { d, details };
  switch (d.step) {
    case 'about-you':
      return <AboutYouStep {...props} sessionId={sessionId} />;
    case 'employments':
      return <EmploymentsStep {...props} />;
    case 'tax-years':
      return <TaxYearsStep {...props} />;
    case 'clothing':
      return <ClothingStep {...props} />;
    case 'fees':
      return <FeesStep {...props} />;
    case 'hotel':
    case 'telephone':
      return <AmountsStep {...props} section={d.step} />;
    case 'wfh':
      return <WfhStep {...props} />;
    case 'travel':
      return <TravelStep d={d} />;
    case 'check':
      return <CheckStep {...props} />;
    case 'sign':
      return <SignStep {...props} sessionId={sessionId} onSigned={setSignedUrl} />;
  }
}

function NotFound() {
  usePageTitle('We could not find your claim');
  return (
    <Container width="narrow" className="py-10">
      <h1 className="mb-4 text-3xl">We could not find your claim</h1>
      <p>
        Sign in on the <a href={paths.status.getHref()}>follow your claim</a> page with your reference and
        mobile number, then choose “Add the details HMRC needs”.
      </p>
    </Container>
  );
}

function Signed({
  sessionId,
  authorityUrl,
  reference,
  travel,
}: {
  sessionId: string;
  authorityUrl: string | null;
  reference: string;
  /** The details to prefill the mileage wizard with, when the claimant chose travel. */
  travel: GeneralDetails | null;
}) {
  usePageTitle('Your claim is ready for our team');
  const [failed, setFailed] = useState(false);
  return (
    <Container width="narrow" className="py-10">
      <h1 className="mb-4 text-3xl" data-testid="details-signed">
        Your claim is ready for our team
      </h1>
      <p className="mb-4">
        Thank you. We have everything HMRC needs for claim <strong>{reference}</strong>. We check it and send
        it to HMRC, and we text and email you at each step: you can{' '}
        <a href={paths.status.getHref(reference)}>follow your claim</a>.
      </p>
      {authorityUrl && (
        <Button
          variant="link"
          onClick={() =>
            void downloadFile(sessionId, authorityUrl, 'signed-authority.pdf').then((ok) => setFailed(!ok))
          }
        >
          Download your signed authority (PDF)
        </Button>
      )}
      {failed && (
        <p role="alert" className="font-semibold text-danger">
          The download failed. Please try again.
        </p>
      )}
      {travel && <MileageHandover sessionId={sessionId} />}
    </Container>
  );
}
