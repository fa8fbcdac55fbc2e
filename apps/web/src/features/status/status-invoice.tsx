import { formatIsoDate, formatPence } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';

// D41 (issue 47): our invoice on the claimant's status page: the fee on what HMRC repaid, what they
// keep, its state, how to pay what is still owed and the PDF to download.

export function StatusInvoice({ invoice }: { invoice: NonNullable<ClaimStatusView['invoice']> }) {
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
      <p>
        <a href={invoice.downloadUrl} download>
          Download invoice {invoice.number} (PDF)
        </a>
      </p>
    </section>
  );
}
