import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { call } from '../../../lib/api/client.ts';
import { paths } from '../../../lib/paths.ts';
import { SESSION_STORAGE_KEY } from '../session-key.ts';
import { DetailsFrame } from './details-frame.tsx';
import type { DetailsController } from './use-details.ts';

// Decision 052: travel chosen in the funnel is claimed in the mileage wizard, a claim of its own in
// the same case (issue 42), started after this one is signed with what the details already hold.

/** The details journey's travel screen: it asks nothing, it says where travel is claimed. */
export function TravelStep({ d }: { d: DetailsController }) {
  return (
    <DetailsFrame d={d} heading="Travel and miles">
      <p>
        You told us you travel for work. We do not ask about travel here: HMRC works out tax relief on your
        miles from each year&apos;s business miles, what your employer paid you for them and a mileage log, so
        we claim it in our mileage claim.
      </p>
      <p>
        The mileage claim is a separate claim, with its own reference and its own authority for you to sign.
        When you have signed this claim, we take you to it with your name, address, employers and tax years
        filled in. You check them and add your miles.
      </p>
    </DetailsFrame>
  );
}

/**
 * After signing: the way into the mileage wizard. The server starts the case's mileage claim with
 * what the details hold filled in (issue 42: it joins this claim's case) and answers its session.
 */
export function MileageHandover({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'starting' | 'failed'>('idle');
  async function start() {
    setState('starting');
    const res = await call('startOnboardingFromClaim', { sessionId });
    if (!res.ok) return setState('failed');
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, res.data.sessionId);
    void navigate(paths.onboarding.getHref());
  }
  return (
    <section
      aria-labelledby="mileage-handover-heading"
      className="mt-8 rounded-lg border-2 border-brand-700 p-4"
      data-testid="mileage-handover"
    >
      <h2 id="mileage-handover-heading" className="mb-2 text-2xl">
        Now claim your travel
      </h2>
      <p className="mb-4">
        Travel is claimed in our mileage claim. We have filled in your name, address, employers and tax years
        from this claim: check them and add your miles.
      </p>
      {state === 'failed' && (
        <p role="alert" className="mb-4 font-semibold text-danger">
          We could not start your mileage claim. Please try again.
        </p>
      )}
      <Button disabled={state === 'starting'} onClick={() => void start()}>
        {state === 'starting' ? 'Starting…' : 'Start your mileage claim'}
      </Button>
    </section>
  );
}
