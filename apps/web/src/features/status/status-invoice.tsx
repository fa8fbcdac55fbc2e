import { useState } from 'react';
import { formatIsoDate, formatPence } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { startCardPayment } from './status-api.ts';

// D41 (issue 47): our invoice on the claimant's status page: the fee on what HMRC repaid, what they
// keep, its state, how to pay what is still owed, by card where a payment provider takes cards
// (decision 078), and the PDF to download.

/** Where the browser goes to pay (a seam for tests: jsdom cannot leave the page). */
export const goTo = { url: (url: string) => window.location.assign(url) };

export function StatusInvoice({
  invoice,
  casework,
  cardPaid = false,
}: {
  invoice: NonNullable<ClaimStatusView['invoice']>;
  casework: ClaimStatusView['casework'];
  /** Back from paying by card: the provider's confirmation is on its way. */
  cardPaid?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function payByCard() {
    setBusy(true);
    setFailed(null);
    const answer = await startCardPayment(casework);
    if (answer.ok) return goTo.url(answer.data.url);
    setBusy(false);
    setFailed(answer.message);
  }

  return (
    <section className="mb-8" aria-labelledby="status-invoice-heading" data-testid="status-invoice">
      <h2 id="status-invoice-heading" className="mb-2 text-2xl">
        Our invoice
      </h2>
      <p className="mb-2">
        HMRC repaid you {formatPence(invoice.repaidPence)}
        {invoice.taxCodePence > 0
          ? ` and gave you ${formatPence(invoice.taxCodePence)} of relief through your tax code`
          : ''}
        . Our fee is {formatPence(invoice.totalPence)}
        {invoice.vatPence > 0 ? ` (${formatPence(invoice.vatPence)} of it VAT)` : ''}, so you keep{' '}
        {formatPence(invoice.claimantPence)}.
      </p>
      <p className="mb-2">
        Invoice {invoice.number}, issued {formatIsoDate(invoice.issuedOn)}:{' '}
        <strong>{invoice.stateLabel}</strong>
        {invoice.stateReason ? ` (${invoice.stateReason})` : ''}.
      </p>
      {invoice.howToPay && <p className="mb-2">{invoice.howToPay}</p>}
      {invoice.payByCard && !cardPaid && (
        <div className="my-4">
          {failed && (
            <div className="mb-4">
              <Notice tone="error" title={failed} testId="status-card-failed" />
            </div>
          )}
          <Button loading={busy} onClick={() => void payByCard()}>
            Pay {formatPence(invoice.owedPence)} by card
          </Button>
        </div>
      )}
      <p>
        <a href={invoice.downloadUrl} download>
          Download invoice {invoice.number} (PDF)
        </a>
      </p>
    </section>
  );
}
