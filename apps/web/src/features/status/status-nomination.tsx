import { useReducer, useState } from 'react';
import {
  BANK_MESSAGES,
  NOMINATION_MESSAGES,
  accountNumberFormatProblem,
  formatIsoDate,
  formatPence,
  sortCodeFormatProblem,
  ukIsoDate,
} from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { FieldMessages } from '../../components/ui/field-messages.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { saveStatusBankDetails, signStatusNomination, startNominationSigning } from './status-api.ts';
import { NominationPending, openEmbeddedSigning } from './status-nomination-embedded.tsx';
import { StatusAlert } from './status-sign-in.tsx';
import {
  initialNominationForm,
  nominationFormReducer,
  type BankFields,
  type Errors,
  type SignFields,
} from './nomination-state.ts';

// D29 with D41 (issue 47, decision 076): on the status page, the claimant reads and signs the
// nomination of HMRC's repayment to us (their typed name and consent, sealed by the e-signature
// provider), then gives the bank account we pay them into. Changing it needs a new signature, so
// "Change your bank details" leads through signing again. Only masked details are ever shown.

type Nomination = NonNullable<ClaimStatusView['nomination']>;
type Props = { view: ClaimStatusView; nomination: Nomination; onChanged: (view: ClaimStatusView) => void };

const IDS = {
  fullName: 'nomination-full-name',
  consent: 'nomination-consent',
  accountName: 'bank-account-name',
  sortCode: 'bank-sort-code',
  accountNumber: 'bank-account-number',
  signatureId: 'bank-sort-code',
} as const;

const summaryOf = (errors: Errors) =>
  Object.entries(errors).flatMap(([field, message]) =>
    field in IDS ? [{ fieldId: IDS[field as keyof typeof IDS], message }] : [],
  );

export function StatusNomination({ view, nomination, onChanged }: Props) {
  const [changing, setChanging] = useState(false);
  const canGiveDetails = nomination.signed !== null && nomination.signatureUnused;
  const needsSignature = !canGiveDetails && (nomination.bankDetails === null || changing);
  return (
    <section className="mb-8" aria-labelledby="status-nomination-heading" data-testid="status-nomination">
      <h2 id="status-nomination-heading" className="mb-2 text-2xl">
        HMRC pays your repayment to us
      </h2>
      {nomination.bankDetails && !changing && !canGiveDetails && (
        <div className="mb-4" data-testid="status-bank-details">
          <p className="mb-2">
            We pay you into the account {nomination.bankDetails.sortCode}{' '}
            {nomination.bankDetails.accountNumber}.
          </p>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change your bank details
          </Button>
        </div>
      )}
      {nomination.pending && <NominationPending view={view} onChanged={onChanged} />}
      {needsSignature && (
        <SignForm
          view={view}
          nomination={nomination}
          again={nomination.bankDetails !== null}
          onChanged={(next) => {
            setChanging(false);
            onChanged(next);
          }}
        />
      )}
      {canGiveDetails && <BankForm view={view} nomination={nomination} onChanged={onChanged} />}
      {nomination.signed && (
        <p className="mb-4">
          <a href={nomination.signed.documentUrl} download>
            Download the nomination you signed (PDF)
          </a>
        </p>
      )}
      <Payouts payouts={nomination.payouts} />
    </section>
  );
}

function SignForm({ view, nomination, again, onChanged }: Props & { again: boolean }) {
  const [state, dispatch] = useReducer(
    nominationFormReducer<SignFields>,
    { fullName: '', consent: false },
    initialNominationForm,
  );
  const { fields, errors, alert, attempt, busy } = state;
  const { fullName, consent } = fields;

  async function submit() {
    const local: Errors = {};
    if (fullName.trim() === '') local.fullName = NOMINATION_MESSAGES.fullNameRequired;
    if (!consent) local.consent = NOMINATION_MESSAGES.consentRequired;
    if (Object.keys(local).length > 0) return dispatch({ type: 'invalid', errors: local });
    dispatch({ type: 'send' });
    if (nomination.provider === 'dropbox-sign') return signAtDropboxSign();
    const answer = await signStatusNomination(view.casework, { fullName, consent });
    if (answer.ok) {
      dispatch({ type: 'answered' });
      return onChanged(answer.data);
    }
    dispatch({ type: 'refused', errors: answer.errors, message: answer.message });
  }

  /** Decision 079: Dropbox Sign's window; once it closes, the page shows the request as pending. */
  async function signAtDropboxSign() {
    const answer = await startNominationSigning(view.casework, { fullName, consent });
    if (!answer.ok) return dispatch({ type: 'refused', errors: answer.errors, message: answer.message });
    const closed = () => {
      dispatch({ type: 'answered' });
      onChanged({ ...view, nomination: { ...nomination, pending: { startedAt: new Date().toISOString() } } });
    };
    try {
      await openEmbeddedSigning(answer.data, { closed });
    } catch {
      dispatch({ type: 'alert', message: NOMINATION_MESSAGES.embeddedFailed });
    }
  }

  return (
    <form
      aria-labelledby="nomination-sign-heading"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={summaryOf(errors)} focusKey={attempt} />
      {alert && <StatusAlert message={alert} />}
      <h3 id="nomination-sign-heading" className="mb-2 text-xl">
        {again ? 'Sign the nomination again to change your bank details' : nomination.title}
      </h3>
      <div className="mb-4 space-y-2 rounded-md border-2 border-gray-600 p-4" data-testid="nomination-text">
        {nomination.paragraphs.map((p) => (
          <p key={p} className="break-words">
            {p}
          </p>
        ))}
      </div>
      <TextField
        id={IDS.fullName}
        label="Your full name"
        hint="Typing your name signs the nomination"
        autoComplete="name"
        value={fullName}
        onChange={(value) => dispatch({ type: 'typed', patch: { fullName: value } })}
        error={errors.fullName}
        className="mb-4"
      />
      <div className={`mb-4 flex flex-col gap-1 ${errors.consent ? 'border-l-4 border-danger pl-3' : ''}`}>
        <FieldMessages id={IDS.consent} error={errors.consent} />
        <div className="flex items-start gap-3">
          <input
            id={IDS.consent}
            type="checkbox"
            checked={consent}
            onChange={(e) => dispatch({ type: 'typed', patch: { consent: e.target.checked } })}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${IDS.consent}-error` : undefined}
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
          />
          <label htmlFor={IDS.consent} className="min-h-11">
            I have read the nomination and I nominate you to receive HMRC’s repayment on my behalf
          </label>
        </div>
      </div>
      <Button type="submit" loading={busy}>
        Sign the nomination
      </Button>
    </form>
  );
}

function BankForm({ view, nomination, onChanged }: Props) {
  const [state, dispatch] = useReducer(
    nominationFormReducer<BankFields>,
    { accountName: '', sortCode: '', accountNumber: '' },
    initialNominationForm,
  );
  const { fields, errors, alert, attempt, busy } = state;
  const set = (key: keyof BankFields) => (value: string) =>
    dispatch({ type: 'typed', patch: { [key]: value } });

  async function submit() {
    const local: Errors = {};
    if (fields.accountName.trim() === '') local.accountName = BANK_MESSAGES.accountNameRequired;
    const sortCode = sortCodeFormatProblem(fields.sortCode);
    if (sortCode) local.sortCode = sortCode;
    const accountNumber = accountNumberFormatProblem(fields.accountNumber);
    if (accountNumber) local.accountNumber = accountNumber;
    if (Object.keys(local).length > 0) return dispatch({ type: 'invalid', errors: local });
    dispatch({ type: 'send' });
    const answer = await saveStatusBankDetails(view.casework, {
      ...fields,
      signatureId: nomination.signed?.signatureId ?? '',
      version: nomination.bankDetails?.version ?? 0,
    });
    if (answer.ok) {
      dispatch({ type: 'answered' });
      return onChanged(answer.data);
    }
    dispatch({ type: 'refused', errors: answer.errors, message: answer.message });
  }

  return (
    <form
      aria-labelledby="bank-details-heading"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={summaryOf(errors)} focusKey={attempt} />
      {alert && <StatusAlert message={alert} />}
      <h3 id="bank-details-heading" className="mb-2 text-xl">
        The bank account we pay you into
      </h3>
      <p className="mb-4">
        You signed the nomination. Now tell us where to pay your repayment, less our fee.
      </p>
      <TextField
        id={IDS.accountName}
        label="Name on the account"
        autoComplete="name"
        value={fields.accountName}
        onChange={set('accountName')}
        error={errors.accountName}
        className="mb-4"
      />
      <TextField
        id={IDS.sortCode}
        label="Sort code"
        hint="6 digits, like 309430"
        inputMode="numeric"
        value={fields.sortCode}
        onChange={set('sortCode')}
        error={errors.sortCode ?? errors.signatureId}
        className="mb-4 max-w-48"
      />
      <TextField
        id={IDS.accountNumber}
        label="Account number"
        hint="8 digits"
        inputMode="numeric"
        value={fields.accountNumber}
        onChange={set('accountNumber')}
        error={errors.accountNumber}
        className="mb-4 max-w-64"
      />
      <Button type="submit" loading={busy}>
        Save your bank details
      </Button>
    </form>
  );
}

/** D41: when HMRC's money is received, the payout: due on a day, or paid on one. */
function Payouts({ payouts }: { payouts: Nomination['payouts'] }) {
  if (payouts.length === 0) return null;
  const today = ukIsoDate(new Date());
  return (
    <ul className="list-disc space-y-1 pl-6" data-testid="status-payouts">
      {payouts.map((p, i) => (
        <li key={`${p.dueOn}-${i}`}>
          {p.state === 'made' && p.madeOn
            ? `We paid you ${formatPence(p.amountPence)} on ${formatIsoDate(p.madeOn)}.`
            : p.state === 'cancelled'
              ? `The payment of ${formatPence(p.amountPence)} due by ${formatIsoDate(p.dueOn)} was cancelled: the money went back to HMRC or was written off.`
              : `We pay you ${formatPence(p.amountPence)} by ${formatIsoDate(p.dueOn)}${p.dueOn < today ? ' (due)' : ''}.`}
        </li>
      ))}
    </ul>
  );
}
