import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatIsoDate, INVOICE_MESSAGES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@taxback/domain';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, formatPence, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { AmountField, DataTable, SelectField, TextAreaField } from './admin-ui.tsx';
import { ownedBy, type ClaimDetail } from './claim-detail.ts';

// D41 (issue 47) on the claim page: the case's invoice for our fee on what HMRC repaid (no
// nomination). The owner or an admin issues it once HMRC has repaid, records payments, credits it;
// an admin writes off what is still owed. Every figure is the server's, worked out by the domain.

type Panel = ClaimDetail['invoice'];
type Invoice = NonNullable<Panel['invoice']>;
type Refusal = { ok: false; status: number; error?: string; errors?: Record<string, string> };

const PREFIX = 'invoice-';

export function InvoicePanel({ claim, onChanged }: { claim: ClaimDetail; onChanged: () => Promise<void> }) {
  const { operator } = useAdminSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = claim.invoice;
  const repaid = claim.hmrcYears.money.feeBasePence > 0;
  if (!panel.invoice && !repaid) return null;
  const admin = operator?.role === 'admin';
  const mayChange = admin || ownedBy(claim, operator);

  async function issue() {
    setBusy(true);
    const res = await call('issueInvoice', { params: { id: claim.id } });
    setBusy(false);
    setError(res.ok ? null : (res.errors?.invoice ?? res.error ?? 'The invoice could not be issued.'));
    await onChanged();
  }

  return (
    <section className="mb-8" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading" className="mb-2 text-2xl">
        Invoice for our fee
      </h2>
      {error && (
        <p role="alert" className="mb-4 border-l-4 border-danger pl-3">
          {error}
        </p>
      )}
      {panel.invoice ? (
        <InvoiceDetails invoice={panel.invoice} />
      ) : (
        <>
          <p className="mb-4" data-testid="invoice-not-issued">
            {panel.notIssuable ??
              `No invoice yet. The fee of ${formatPence(claim.hmrcYears.money.feePence)} is worked out on ${claim.hmrcYears.money.feeOn}.`}
          </p>
          {panel.notIssuable === null && mayChange && (
            <Button loading={busy} onClick={() => void issue()}>
              Issue the invoice
            </Button>
          )}
        </>
      )}
      {panel.invoice && panel.invoice.owedPence > 0 && mayChange && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
          <PaymentForm claimId={claim.id} invoice={panel.invoice} onChanged={onChanged} />
          <CloseForm claimId={claim.id} invoice={panel.invoice} admin={admin} onChanged={onChanged} />
        </div>
      )}
    </section>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const rows: Array<[string, string]> = [
    ['Number', invoice.number],
    ['State', invoice.stateReason ? `${invoice.stateLabel}: ${invoice.stateReason}` : invoice.stateLabel],
    ['Issued', formatIsoDate(invoice.issuedOn)],
    ['Due by', formatIsoDate(invoice.dueOn)],
    ['HMRC repaid', formatPence(invoice.repaidPence)],
    ...(invoice.taxCodePence > 0
      ? [['Tax-code relief charged', formatPence(invoice.taxCodePence)] as [string, string]]
      : []),
    ['Fee', formatPence(invoice.feePence)],
    ['VAT', formatPence(invoice.vatPence)],
    ['Total', formatPence(invoice.totalPence)],
    ['Paid', formatPence(invoice.paidPence)],
    ['Still owed', formatPence(invoice.owedPence)],
  ];
  return (
    <>
      <dl className="mb-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1" data-testid="invoice">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd data-testid={label === 'State' ? 'invoice-state' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-4">
        <a href={invoice.pdfUrl} download>
          Download invoice {invoice.number} (PDF)
        </a>
      </p>
      {invoice.payments.length > 0 && (
        <DataTable
          label={`Payments of invoice ${invoice.number}`}
          caption={`Payments of invoice ${invoice.number}`}
          headers={['Paid on', 'Amount', 'How', 'Recorded']}
          testId="invoice-payments"
        >
          {invoice.payments.map((p) => (
            <tr key={p.createdAt + p.amountPence} className="border-t border-gray-300">
              <td className="py-2 pr-4">{formatIsoDate(p.paidOn)}</td>
              <td className="py-2 pr-4">{formatPence(p.amountPence)}</td>
              <td className="py-2 pr-4">{PAYMENT_METHOD_LABELS[p.method]}</td>
              <td className="py-2">
                {p.operator ?? 'an operator'}, {formatDateTime(p.createdAt)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/** Sends a change of the invoice; on a refusal, its field messages (or its one message) to show. */
function useInvoiceChange(onChanged: () => Promise<void>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  async function send(answer: Promise<{ ok: true } | Refusal>, field: string) {
    const res = await answer;
    if (res.ok) {
      setErrors({});
      await onChanged();
      return true;
    }
    setErrors(res.errors ?? { [field]: res.error ?? 'This could not be recorded.' });
    setAttempt((a) => a + 1);
    if (res.status === 409) await onChanged();
    return false;
  }
  return { errors, attempt, send };
}

function PaymentForm({
  claimId,
  invoice,
  onChanged,
}: {
  claimId: string;
  invoice: Invoice;
  onChanged: () => Promise<void>;
}) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const { errors, attempt, send } = useInvoiceChange(onChanged);
  const id = `${PREFIX}pay-`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { amount, method, version: invoice.version };
    const done = await send(call('recordInvoicePayment', { params: { id: claimId }, body }), 'amount');
    if (done) {
      setAmount('');
      setMethod('');
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby="invoice-payment-heading"
    >
      <h3 id="invoice-payment-heading" className="text-xl">
        Record a payment
      </h3>
      <ErrorSummary errors={summaryItems(errors, id)} focusKey={String(attempt)} />
      <AmountField
        id={`${id}amount`}
        label="Amount paid, in pounds"
        hint={`At most ${formatPence(invoice.owedPence)}, what is still owed`}
        error={errors.amount}
        value={amount}
        onChange={setAmount}
      />
      <SelectField
        id={`${id}method`}
        label="How it was paid"
        value={method}
        onChange={setMethod}
        error={errors.method}
      >
        <option value="">Select how</option>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <Button type="submit">Record the payment</Button>
    </form>
  );
}

function CloseForm({
  claimId,
  invoice,
  admin,
  onChanged,
}: {
  claimId: string;
  invoice: Invoice;
  admin: boolean;
  onChanged: () => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const { errors, attempt, send } = useInvoiceChange(onChanged);
  const id = `${PREFIX}close-`;
  const mayCredit = invoice.paidPence === 0;
  if (!admin && !mayCredit) return null;

  /** Either button submits the form (keyboard users too); the one pressed says which move. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pressed = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    const move = pressed === 'write-off' ? 'writeOffInvoice' : 'creditInvoice';
    const body = { reason, version: invoice.version };
    if (await send(call(move, { params: { id: claimId }, body }), 'reason')) setReason('');
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby="invoice-close-heading"
    >
      <h3 id="invoice-close-heading" className="text-xl">
        {admin ? 'Write off or credit' : 'Credit the invoice'}
      </h3>
      <ErrorSummary errors={summaryItems(errors, id)} focusKey={String(attempt)} />
      <TextAreaField
        id={`${id}reason`}
        label="Reason"
        hint={
          mayCredit ? 'Recorded with the invoice and in the audit log' : INVOICE_MESSAGES.creditAfterPayment
        }
        value={reason}
        onChange={setReason}
        error={errors.reason}
      />
      <div className="flex flex-wrap gap-4">
        {mayCredit && (
          <Button type="submit" variant="secondary" value="credit">
            Credit the invoice
          </Button>
        )}
        {admin && (
          <Button type="submit" variant="secondary" value="write-off">
            Write off what is owed
          </Button>
        )}
      </div>
    </form>
  );
}
