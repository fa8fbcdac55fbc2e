import { useCallback, useEffect, useRef, useState } from 'react';
import { NOMINATION_MESSAGES } from '@taxback/domain';
import type { NominationSigning } from '@taxback/domain/nomination-schemas';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { checkStatusNomination } from './status-api.ts';

// D29 (issue 47, decision 079): with Dropbox Sign, the claimant signs the nomination in its
// embedded window (its client loaded only now, so no page carries it), and the page then waits for
// Dropbox Sign to confirm: it asks the server every few seconds for a while, then offers to ask again.

/** How often, and how many times, the page asks while it waits. */
export const CHECK_EVERY_MS = 5_000;
export const CHECKS = 24;

/** Opens Dropbox Sign's embedded signing window; `closed` is called when it closes, signed or not. */
export async function openEmbeddedSigning(
  signing: NominationSigning,
  on: { closed: () => void },
): Promise<void> {
  const loaded = await import('hellosign-embedded/umd/embedded.production.min.js');
  // A CommonJS build: its class is the default export, or that export's own default.
  const HelloSign = ((loaded.default as unknown as { default?: typeof loaded.default }).default ??
    loaded.default) as typeof loaded.default;
  const client = new HelloSign({ clientId: signing.clientId });
  client.on('close', on.closed);
  client.open(signing.signUrl, { testMode: signing.testMode, skipDomainVerification: signing.testMode });
}

type Props = { view: ClaimStatusView; onChanged: (view: ClaimStatusView) => void };

/** Waiting for Dropbox Sign's confirmation: the server is asked until the signed nomination is stored. */
export function NominationPending({ view, onChanged }: Props) {
  const [checks, setChecks] = useState(0);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ view, onChanged });
  latest.current = { view, onChanged };

  const check = useCallback(async () => {
    setBusy(true);
    const answer = await checkStatusNomination(latest.current.view.casework);
    setBusy(false);
    setChecks((n) => n + 1);
    if (answer.ok && answer.data.nomination?.pending === null) latest.current.onChanged(answer.data);
  }, []);

  useEffect(() => {
    if (checks >= CHECKS) return;
    const timer = setTimeout(() => void check(), CHECK_EVERY_MS);
    return () => clearTimeout(timer);
  }, [checks, check]);

  return (
    <div className="mb-4" role="status" data-testid="nomination-pending">
      <p className="mb-2">
        {checks >= CHECKS ? NOMINATION_MESSAGES.waitingLong : NOMINATION_MESSAGES.waiting}
      </p>
      {checks >= CHECKS && (
        <Button variant="secondary" loading={busy} onClick={() => void check()}>
          Check again
        </Button>
      )}
    </div>
  );
}
