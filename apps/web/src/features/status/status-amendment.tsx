import { useState } from 'react';
import { formatMoney, summariseClaim } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { AgreementChecks } from '../../components/authority/agreement-checks.tsx';
import { NO_SIGNATURE, SignatureChoice } from '../../components/authority/signature-choice.tsx';
import type { SignatureValue } from '../../components/authority/signature-choice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { amendStatusClaim } from './status-api.ts';

// D32: an amendment item. The claimant changes the business miles of their claim's years, checks
// the new figures (the domain's arithmetic, as the wizard shows them), and signs a new authority.

type Casework = ClaimStatusView['casework'];
type Amendable = NonNullable<Casework['amendable']>;
type Row = { year: string; employmentId: string; employerName: string; miles: string };

function rowsOf(amendable: Amendable): Row[] {
  const names = new Map(amendable.employments.map((e) => [e.id, e.employerName]));
  const years = amendable.taxYears as unknown as WizardSnapshot['taxYears'];
  return years
    .filter((t) => t.selected)
    .flatMap((t) =>
      t.jobs
        .filter((j) => j.businessMiles > 0)
        .map((j) => ({
          year: t.year,
          employmentId: j.employmentId,
          employerName: names.get(j.employmentId) ?? '',
          miles: String(j.businessMiles),
        })),
    );
}

/** The claim's figures with the rows' miles (a row that is not a number keeps its miles). */
function figuresOf(amendable: Amendable, rows: Row[]) {
  const taxYears = (amendable.taxYears as unknown as WizardSnapshot['taxYears']).map((t) => ({
    ...t,
    jobs: t.jobs.map((j) => {
      const row = rows.find((r) => r.year === t.year && r.employmentId === j.employmentId);
      const miles = row ? Number(row.miles) : NaN;
      return Number.isInteger(miles) && miles >= 0 ? { ...j, businessMiles: miles } : j;
    }),
  }));
  return summariseClaim({
    vehicleInfo: amendable.vehicleInfo as unknown as WizardSnapshot['vehicleInfo'],
    taxYears,
  });
}

export function AmendmentPanel(props: {
  casework: Casework;
  requestId: string;
  itemId: string;
  onDone: (view: ClaimStatusView) => void;
}) {
  const amendable = props.casework.amendable;
  const [rows, setRows] = useState<Row[]>(() => (amendable ? rowsOf(amendable) : []));
  const [stage, setStage] = useState<'miles' | 'check'>('miles');
  const [signature, setSignature] = useState<SignatureValue>(NO_SIGNATURE);
  const [checks, setChecks] = useState({ accuracy: false, authorization: false, terms: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  if (!amendable) return <p>Tell us the change in words in your answer below.</p>;
  const fail = (next: Record<string, string>) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  function check() {
    const bad = Object.fromEntries(
      rows.flatMap((r, i) =>
        /^\d{1,6}$/.test(r.miles.trim())
          ? []
          : [[`amend-${i}`, 'Enter your business miles for the year, like 4000']],
      ),
    );
    if (Object.keys(bad).length > 0) return fail(bad);
    setErrors({});
    setStage('check');
  }

  async function send() {
    setBusy(true);
    const res = await amendStatusClaim(props.casework, {
      requestId: props.requestId,
      itemId: props.itemId,
      years: rows.map((r) => ({ year: r.year, employmentId: r.employmentId, miles: Number(r.miles) })),
      signature: signature.dataUrl ?? '',
      typedName: signature.typedName,
      agreementChecks: checks,
    });
    setBusy(false);
    if (res.ok) return props.onDone(res.data);
    fail(Object.keys(res.errors).length > 0 ? res.errors : { signature: res.message });
  }

  const figures = figuresOf(amendable, rows);
  return (
    <div className="space-y-4" data-testid="amendment">
      <ErrorSummary
        errors={Object.entries(errors).map(([key, message]) => ({
          fieldId: key.startsWith('agreementChecks.')
            ? `amend-${key.slice(16)}`
            : key.startsWith('amend-')
              ? key
              : 'amend-signature',
          message,
        }))}
        focusKey={attempt}
      />
      {stage === 'miles' ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            check();
          }}
        >
          {rows.map((r, i) => (
            <TextField
              key={`${r.year}-${r.employmentId}`}
              id={`amend-${i}`}
              label={`Business miles in ${r.year}${r.employerName ? ` for ${r.employerName}` : ''}`}
              inputMode="numeric"
              value={r.miles}
              error={errors[`amend-${i}`]}
              onChange={(v) =>
                setRows((all) =>
                  all.map((old, j) => (j === i ? { ...old, miles: v.replace(/[^\d]/g, '') } : old)),
                )
              }
            />
          ))}
          <Button type="submit">Check your new figures</Button>
        </form>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <h3 className="text-xl font-bold">Check your answers</h3>
          <dl className="space-y-1" data-testid="amendment-figures">
            {figures.years.map((y) => (
              <div key={y.year}>
                <dt className="font-semibold">{y.year}</dt>
                <dd>
                  {y.miles.toLocaleString('en-GB')} miles, you can claim {formatMoney(y.claimable)}
                </dd>
              </div>
            ))}
            <div>
              <dt className="font-semibold">Estimated rebate at 20%</dt>
              <dd data-testid="amendment-rebate">{formatMoney(figures.rebate20)}</dd>
            </div>
          </dl>
          <Button variant="link" onClick={() => setStage('miles')}>
            Change the miles
          </Button>
          <div data-testid="signature-pad">
            <SignatureChoice
              id="amend-signature"
              label="Sign again for the new figures"
              clearLabel="Clear"
              error={errors.signature}
              onChange={setSignature}
            />
          </div>
          <AgreementChecks
            idOf={(key) => `amend-${key}`}
            checked={checks}
            onChange={(key, value) => setChecks((c) => ({ ...c, [key]: value }))}
            errorOf={(key) => errors[`agreementChecks.${key}`]}
            legendClassName="mb-2 font-bold"
          />
          <Button type="submit" loading={busy}>
            Sign and send the change
          </Button>
        </form>
      )}
    </div>
  );
}
