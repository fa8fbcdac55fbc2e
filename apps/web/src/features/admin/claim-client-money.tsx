import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { formatIsoDate, maskedAccountText, PAYOUT_STATE_LABELS } from '@taxback/domain';
import type { CaseClientMoney } from '@taxback/domain/client-money-schemas';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime, formatPence, summaryItems } from './admin-api.ts';
import { useAdminSession } from './admin-session.tsx';
import { DataTable, InputField } from './admin-ui.tsx';
import { ownedBy, type ClaimDetail } from './claim-detail.ts';
import { MoneyOutForm, useClientMoneyForm } from './client-money-out.tsx';

// D41 with D29 (issue 47) on the claim page: with a nomination, the case's client money (what HMRC
// paid us, the fee kept, what is held and paid out), its payouts and the claimant's bank details
// (masked). The owner or an admin records HMRC's money and enters the bank details under the
// nomination's signature reference; the server checks and works out every figure.

export function ClientMoneyPanel({ claim }: { claim: ClaimDetail }) {
  const { operator } = useAdminSession();
  const [money, setMoney] = useState<CaseClientMoney | null>(null);
  const load = useCallback(async () => {
    const res = await call('getClaimClientMoney', { params: { id: claim.id } });
    if (res.ok) setMoney(res.data);
  }, [claim.id]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!money || (!money.nomination && money.postings.length === 0)) return null;
  const mayChange = operator?.role === 'admin' || ownedBy(claim, operator);
  const bank = money.bankDetails;
  const rows: Array<[string, string]> = [
    ['Received from HMRC', formatPence(money.balances.receivedPence)],
    ['Fee kept', formatPence(money.balances.feePence)],
    ['Held', formatPence(money.balances.heldPence)],
    ['Paid out', formatPence(money.balances.paidOutPence)],
    ...(money.balances.refundedPence > 0
      ? ([['Refunded to HMRC', formatPence(money.balances.refundedPence)]] as Array<[string, string]>)
      : []),
    ...(money.balances.writtenOffPence > 0
      ? ([['Written off', formatPence(money.balances.writtenOffPence)]] as Array<[string, string]>)
      : []),
    ['Bank account', bank ? `${bank.accountName}, ${maskedAccountText(bank)}` : 'None yet'],
    ...(bank
      ? ([['Nomination', `${bank.signatureId}, ${formatDateTime(bank.createdAt)}`]] as Array<
          [string, string]
        >)
      : []),
  ];
  return (
    <section className="mb-8" aria-labelledby="client-money-heading">
      <h2 id="client-money-heading" className="mb-2 text-2xl">
        Client money
      </h2>
      <dl
        className="mb-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1"
        data-testid="client-money"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd
              className="[overflow-wrap:anywhere]"
              data-testid={`client-money-${label.toLowerCase().replace(/ /g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {money.payouts.length > 0 && (
        <DataTable
          label="Payouts of this case"
          caption="Payouts of this case"
          headers={['Amount', 'Due', 'State', 'Reference']}
          testId="client-money-payouts"
          className="mb-4"
        >
          {money.payouts.map((p) => (
            <tr key={p.id} className="border-t border-gray-300">
              <td className="py-2 pr-4">{formatPence(p.amountPence)}</td>
              <td className="py-2 pr-4">{formatIsoDate(p.dueOn)}</td>
              <td className="py-2 pr-4">
                {p.state === 'made' && p.madeOn
                  ? `Made on ${formatIsoDate(p.madeOn)}`
                  : PAYOUT_STATE_LABELS[p.state]}
              </td>
              <td className="py-2">{p.reference}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {money.nominations.length > 0 && (
        <>
          <h3 className="mb-2 text-xl">Signed nominations</h3>
          <ul className="mb-4 list-disc space-y-1 pl-6" data-testid="client-money-nominations">
            {money.nominations.map((n) => (
              <li key={n.signatureId} className="[overflow-wrap:anywhere]">
                {n.signatureId}, signed {formatDateTime(n.signedAt)} ({n.provider}):{' '}
                <a href={n.documentUrl} download>
                  signed PDF
                </a>
                ,{' '}
                <a href={n.auditTrailUrl} download>
                  audit trail
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {mayChange && money.nomination && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
          <ReceiptForm claimId={claim.id} onSaved={setMoney} />
          <BankDetailsForm claimId={claim.id} version={money.bankDetails?.version ?? 0} onSaved={setMoney} />
          {money.balances.heldPence > 0 && (
            <MoneyOutForm
              claimId={claim.id}
              kind="refund"
              heldPence={money.balances.heldPence}
              onSaved={setMoney}
            />
          )}
          {money.balances.heldPence > 0 && operator?.role === 'admin' && (
            <MoneyOutForm
              claimId={claim.id}
              kind="write-off"
              heldPence={money.balances.heldPence}
              onSaved={setMoney}
            />
          )}
        </div>
      )}
    </section>
  );
}

function ReceiptForm({ claimId, onSaved }: { claimId: string; onSaved: (m: CaseClientMoney) => void }) {
  const [amount, setAmount] = useState('');
  // One key per receipt, kept across retries of it, so a repeat posts nothing more.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { errors, attempt, send } = useClientMoneyForm('amount', onSaved);
  const id = 'client-money-receipt-';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { amount, idempotencyKey: key };
    if (await send(call('recordClientMoneyReceipt', { params: { id: claimId }, body }))) {
      setAmount('');
      setKey(crypto.randomUUID());
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby="client-money-receipt-heading"
    >
      <h3 id="client-money-receipt-heading" className="text-xl">
        Record money received from HMRC
      </h3>
      <ErrorSummary errors={summaryItems(errors, id)} focusKey={String(attempt)} />
      <InputField
        id={`${id}amount`}
        label="Amount HMRC paid us, in pounds"
        hint="Our fee is kept from it and the rest is paid to the claimant"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
      />
      <Button type="submit">Record the money received</Button>
    </form>
  );
}

const EMPTY_BANK = { sortCode: '', accountNumber: '', accountName: '', signatureId: '' };

function BankDetailsForm({
  claimId,
  version,
  onSaved,
}: {
  claimId: string;
  version: number;
  onSaved: (m: CaseClientMoney) => void;
}) {
  const [fields, setFields] = useState(EMPTY_BANK);
  const { errors, attempt, send } = useClientMoneyForm('signatureId', onSaved);
  const id = 'client-money-bank-';
  const set = (name: keyof typeof EMPTY_BANK) => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...fields, version };
    if (await send(call('saveClaimBankDetails', { params: { id: claimId }, body }))) setFields(EMPTY_BANK);
  }

  const field = (name: keyof typeof EMPTY_BANK, label: string, hint?: string) => (
    <InputField
      id={`${id}${name}`}
      label={label}
      hint={hint}
      value={fields[name]}
      onChange={set(name)}
      error={errors[name]}
    />
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby="client-money-bank-heading"
    >
      <h3 id="client-money-bank-heading" className="text-xl">
        {version === 0 ? 'The claimant’s bank details' : 'Change the bank details'}
      </h3>
      <ErrorSummary errors={summaryItems(errors, id)} focusKey={String(attempt)} />
      {field('sortCode', 'Sort code', 'Must be 6 digits long')}
      {field('accountNumber', 'Account number', 'Must be 8 digits long')}
      {field('accountName', 'Name on the account')}
      {field(
        'signatureId',
        'Nomination signature reference',
        'The reference of the claimant’s signed nomination; a change needs a newly signed one',
      )}
      <Button type="submit">Save the bank details</Button>
    </form>
  );
}
