import { useState } from 'react';
import type { FormEvent } from 'react';
import type { MoneyOutKind } from '@taxback/domain';
import type { CaseClientMoney } from '@taxback/domain/client-money-schemas';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { formatPence, summaryItems } from './admin-api.ts';
import { InputField, TextAreaField } from './admin-ui.tsx';

// D41 (issue 47) on the claim page's client money: the forms' shared handling of a refusal, and the
// form that refunds money held to HMRC (the owner or an admin) or writes it off (an admin), with
// the reason. The server checks the amount against what is held and cuts the payouts due.

type Refusal = { ok: false; status: number; error?: string; errors?: Record<string, string> };
type Answer = { ok: true; data: CaseClientMoney } | Refusal;

/** A form's errors from a refusal: its field messages, or its one message on `field`. */
export function useClientMoneyForm(field: string, onSaved: (money: CaseClientMoney) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  async function send(answer: Promise<Answer>) {
    const res = await answer;
    if (res.ok) {
      setErrors({});
      onSaved(res.data);
      return true;
    }
    setErrors(res.errors ?? { [field]: res.error ?? 'This could not be saved.' });
    setAttempt((a) => a + 1);
    return false;
  }
  return { errors, attempt, send };
}

const WORDS: Record<
  MoneyOutKind,
  { heading: string; hint: string; button: string; op: 'refundClientMoney' | 'writeOffClientMoney' }
> = {
  refund: {
    heading: 'Refund money held to HMRC',
    hint: 'HMRC asked for it back. What is due to the claimant is cut to what is left.',
    button: 'Refund to HMRC',
    op: 'refundClientMoney',
  },
  'write-off': {
    heading: 'Write off money held',
    hint: 'Only when it can be paid neither to the claimant nor back to HMRC. What is due to the claimant is cut to what is left.',
    button: 'Write it off',
    op: 'writeOffClientMoney',
  },
};

export function MoneyOutForm({
  claimId,
  kind,
  heldPence,
  onSaved,
}: {
  claimId: string;
  kind: MoneyOutKind;
  heldPence: number;
  onSaved: (m: CaseClientMoney) => void;
}) {
  const [fields, setFields] = useState({ amount: '', reason: '' });
  // One key per refund or write-off, kept across retries of it, so a repeat posts nothing more.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { errors, attempt, send } = useClientMoneyForm('amount', onSaved);
  const words = WORDS[kind];
  const id = `client-money-${kind}-`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...fields, idempotencyKey: key };
    if (await send(call(words.op, { params: { id: claimId }, body }))) {
      setFields({ amount: '', reason: '' });
      setKey(crypto.randomUUID());
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-md border-2 border-gray-300 p-4"
      aria-labelledby={`${id}heading`}
    >
      <h3 id={`${id}heading`} className="text-xl">
        {words.heading}
      </h3>
      <ErrorSummary errors={summaryItems(errors, id)} focusKey={String(attempt)} />
      <InputField
        id={`${id}amount`}
        label="Amount, in pounds"
        hint={`${formatPence(heldPence)} is held. ${words.hint}`}
        value={fields.amount}
        onChange={(amount) => setFields((f) => ({ ...f, amount }))}
        error={errors.amount}
      />
      <TextAreaField
        id={`${id}reason`}
        label="Reason"
        value={fields.reason}
        onChange={(reason) => setFields((f) => ({ ...f, reason }))}
        error={errors.reason}
      />
      <Button type="submit">{words.button}</Button>
    </form>
  );
}
