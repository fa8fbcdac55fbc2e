import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatIsoDate, maskedAccountText } from '@taxback/domain';
import { DATE_SUBJECTS } from '@taxback/domain/date-rules';
import type { PayoutDay, PayoutView, Reconciliation } from '@taxback/domain/client-money-schemas';
import { Button } from '../../components/ui/button.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call, hrefOf } from '../../lib/api/admin-client.ts';
import { paths } from '../../lib/paths.ts';
import { formatPence, summaryItems } from './admin-api.ts';
import { useAdminTitle } from './admin-title.ts';
import { ACTION_HEADING, ActionNotices, DataTable } from './admin-ui.tsx';
import { useDateFields, type DateFieldSpec } from './date-fields.ts';

// D41 (issue 47): /admin/client-money, for admins. The day's payouts (due and not yet made, or made
// that day) with the bank's file and "Mark made"; the reconciliation of a period per case with
// its totals, the ledger's net and its CSV. Every figure is the server's.

const cell = 'px-2 py-2';

/** A section's dates (GOV.UK date inputs, issue 44), checked before `onApply` hears them as ISO. */
function DateFilter<K extends string>({
  prefix,
  specs,
  serverErrors,
  submitLabel,
  onApply,
}: {
  prefix: string;
  specs: Record<K, DateFieldSpec>;
  serverErrors: Record<string, string>;
  submitLabel: string;
  onApply: (isos: Record<K, string>) => void;
}) {
  const dates = useDateFields(specs, { idPrefix: prefix, initial: () => ({}) });
  function submit(event: FormEvent) {
    event.preventDefault();
    const isos = dates.check();
    if (isos) onApply(isos);
  }
  return (
    <>
      <ErrorSummary
        errors={summaryItems({ ...serverErrors, ...dates.errors }, prefix)}
        focusKey={dates.attempt}
      />
      <form
        onSubmit={submit}
        noValidate
        className="mb-4 grid gap-4 rounded-md bg-gray-100 p-4 lg:grid-cols-2"
        aria-label={submitLabel}
      >
        {(Object.keys(specs) as K[]).map((k) => (
          <DateInput key={k} {...dates.input(k, serverErrors[k])} />
        ))}
        <div className="lg:col-span-2">
          <Button type="submit" variant="secondary">
            {submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}

export function ClientMoneyPage() {
  useAdminTitle('Client money');
  return (
    <div>
      <h1 className="mb-4 text-3xl">Client money</h1>
      <p className="mb-6 max-w-3xl">
        With a nomination, HMRC pays claimants’ repayments to us. We keep our fee and pay the rest to the
        claimant’s checked bank account; the ledger of that money always balances.
      </p>
      <Payouts />
      <ReconciliationSection />
    </div>
  );
}

function Payouts() {
  const [shown, setShown] = useState<PayoutDay | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const load = useCallback(async (on: string) => {
    const res = await call('payoutDay', { query: on ? { day: on } : {} });
    if (res.ok) {
      setShown(res.data);
      setErrors({});
    } else setErrors(res.errors ?? { day: res.error ?? 'The payouts could not be loaded.' });
  }, []);
  useEffect(() => {
    void load('');
  }, [load]);

  async function markMade(payout: PayoutView) {
    setMessage('');
    setError('');
    const res = await call('markPayoutMade', {
      params: { id: payout.id },
      body: { version: payout.version },
    });
    if (res.ok)
      setMessage(`The payout of ${formatPence(payout.amountPence)} to ${payout.reference} is marked made.`);
    else setError(res.error ?? 'The payout could not be marked made.');
    await load(shown?.day ?? '');
  }

  return (
    <section className="mb-10" aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="mb-2 text-2xl">
        Payouts {shown && `for ${formatIsoDate(shown.day)}`}
      </h2>
      <DateFilter
        prefix="payouts-"
        specs={{ day: { legend: 'Payout day', subject: DATE_SUBJECTS.payoutDay } }}
        serverErrors={errors}
        submitLabel="Show payouts"
        onApply={({ day }) => void load(day)}
      />
      <ActionNotices message={message} error={error} testId="payouts-message" />
      {shown && shown.payouts.length === 0 && (
        <p data-testid="payouts-empty">No payout is due on this day.</p>
      )}
      {shown && shown.payouts.length > 0 && (
        <>
          <p className="mb-4" data-testid="payouts-due">
            Still to pay: {formatPence(shown.duePence)}.{' '}
            <a href={hrefOf('payoutFile', { query: { day: shown.day } })} download>
              Download the payout file (CSV) for {formatIsoDate(shown.day)}
            </a>
          </p>
          <DataTable
            label="Payouts"
            testId="payouts-table"
            headers={['Case', 'Amount', 'Due', 'Account', 'State', ACTION_HEADING]}
          >
            {shown.payouts.map((p) => (
              <tr key={p.id} className="border-b border-gray-300">
                <th scope="row" className={cell}>
                  <Link to={paths.adminClaim.getHref(p.claimId)}>{p.reference}</Link>
                </th>
                <td className={cell}>{formatPence(p.amountPence)}</td>
                <td className={cell}>{formatIsoDate(p.dueOn)}</td>
                <td className={cell}>{p.account ? maskedAccountText(p.account) : 'No bank details yet'}</td>
                <td className={cell}>{p.state === 'made' ? 'Made' : 'Due'}</td>
                <td className={cell}>
                  {p.state === 'due' && p.account && (
                    <Button variant="secondary" onClick={() => void markMade(p)}>
                      Mark made <span className="sr-only">({p.reference})</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

function ReconciliationSection() {
  const [shown, setShown] = useState<Reconciliation | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = useCallback(async (range: { from?: string; to?: string }) => {
    const res = await call('clientMoneyReconciliation', { query: range });
    if (res.ok) {
      setShown(res.data);
      setErrors({});
    } else setErrors(res.errors ?? { from: res.error ?? 'The reconciliation could not be loaded.' });
  }, []);
  useEffect(() => {
    void load({});
  }, [load]);

  const figures = (f: Reconciliation['totals']) =>
    [f.receivedPence, f.feePence, f.paidOutPence, f.refundedPence + f.writtenOffPence, f.heldPence].map(
      (v, i) => (
        <td key={i} className={cell}>
          {formatPence(v)}
        </td>
      ),
    );
  return (
    <section aria-labelledby="reconciliation-heading">
      <h2 id="reconciliation-heading" className="mb-2 text-2xl">
        Reconciliation {shown && `from ${formatIsoDate(shown.from)} to ${formatIsoDate(shown.to)}`}
      </h2>
      <DateFilter
        prefix="reconciliation-"
        specs={{
          from: { legend: 'From', subject: DATE_SUBJECTS.from },
          to: { legend: 'To', subject: DATE_SUBJECTS.to },
        }}
        serverErrors={errors}
        submitLabel="Show the reconciliation"
        onApply={({ from, to }) => void load({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}
      />
      {shown && (
        <>
          <p className="mb-4 font-semibold" data-testid="ledger-net">
            {shown.ledgerNetPence === 0
              ? 'The ledger balances: every posting adds up to £0.00.'
              : `The ledger does not balance: it is out by ${formatPence(shown.ledgerNetPence)}.`}{' '}
            <a
              href={hrefOf('clientMoneyReconciliationCsv', { query: { from: shown.from, to: shown.to } })}
              download
            >
              Download the reconciliation (CSV)
            </a>
          </p>
          <DataTable
            label="Reconciliation by case"
            testId="reconciliation-table"
            headers={[
              'Case',
              'Received',
              'Fee kept',
              'Paid out',
              'Refunded or written off',
              `Held on ${formatIsoDate(shown.to)}`,
            ]}
          >
            {shown.cases.map((c) => (
              <tr key={c.caseId} className="border-b border-gray-300">
                <th scope="row" className={cell}>
                  <Link to={paths.adminClaim.getHref(c.claimId)}>{c.reference}</Link>
                </th>
                {figures(c)}
              </tr>
            ))}
            <tr className="border-t-2 border-ink font-semibold">
              <th scope="row" className={cell}>
                Total
              </th>
              {figures(shown.totals)}
            </tr>
          </DataTable>
        </>
      )}
    </section>
  );
}
