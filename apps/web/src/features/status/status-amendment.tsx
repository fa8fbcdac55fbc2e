import { useEffect, useReducer, useRef } from 'react';
import { formatMoney, summariseClaim } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain';
import type { ClaimStatusView } from '@taxback/domain/status-schemas';
import { AgreementChecks } from '../../components/authority/agreement-checks.tsx';
import { SignatureChoice, foldSignatureErrors } from '../../components/authority/signature-choice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { AuthorityDocumentView } from '../../components/authority/authority-document.tsx';
import { MilesField } from '../../components/mileage/miles-field.tsx';
import { amendStatusClaim, previewStatusAmendment } from './status-api.ts';
import {
  amendmentReducer,
  initialAmendment,
  milesErrorsOf,
  milesRequiredErrors,
  type AmendmentRow as Row,
} from './amendment-state.ts';

// D32: an amendment item. The claimant changes the business miles of their claim's years, checks
// the new figures (the domain's arithmetic, as the wizard shows them) against the old, reads the
// new authority as the server will sign it (decision 056), and signs it.

type Casework = ClaimStatusView['casework'];
type Amendable = NonNullable<Casework['amendable']>;

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

/** Check your answers (decision 056): each changed year's figures before and now, with Change. */
function AmendmentSummary(props: {
  rows: Row[];
  before: ReturnType<typeof figuresOf>;
  after: ReturnType<typeof figuresOf>;
  onChange: (row: number) => void;
}) {
  return (
    <dl className="divide-y divide-gray-300 border-y border-gray-300" data-testid="amendment-figures">
      {[...new Set(props.rows.map((r) => r.year))].map((year) => {
        // A year's figures are the year's (all its jobs); Change goes to its first field.
        const was = props.before.years.find((y) => y.year === year);
        const now = props.after.years.find((y) => y.year === year);
        return (
          <div
            key={year}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4"
            data-testid="amendment-change"
          >
            <dt className="font-semibold sm:w-1/3">{year}</dt>
            <dd className="sm:flex-1">
              {was && (
                <p>
                  Before: {was.miles.toLocaleString('en-GB')} miles, you could claim{' '}
                  {formatMoney(was.claimable)}
                </p>
              )}
              {now && (
                <p>
                  Now: {now.miles.toLocaleString('en-GB')} miles, you can claim {formatMoney(now.claimable)}
                </p>
              )}
            </dd>
            <dd>
              <Button
                variant="link"
                onClick={() => props.onChange(props.rows.findIndex((r) => r.year === year))}
              >
                Change <span className="sr-only">the miles for {year}</span>
              </Button>
            </dd>
          </div>
        );
      })}
      <div className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
        <dt className="font-semibold sm:w-1/3">Estimated rebate at 20%</dt>
        <dd className="sm:flex-1">
          <p>Before: {formatMoney(props.before.rebate20)}</p>
          <p>
            Now: <span data-testid="amendment-rebate">{formatMoney(props.after.rebate20)}</span>
          </p>
        </dd>
      </div>
    </dl>
  );
}

export function AmendmentPanel(props: {
  casework: Casework;
  requestId: string;
  itemId: string;
  onDone: (view: ClaimStatusView) => void;
}) {
  const amendable = props.casework.amendable;
  // Decision 056: the authority the server would sign for these miles, fetched on leaving the miles.
  const [state, dispatch] = useReducer(
    amendmentReducer,
    amendable ? rowsOf(amendable) : [],
    initialAmendment,
  );
  const { rows, stage, errors, busy } = state;
  const checkHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (stage.at === 'check') checkHeading.current?.focus();
    if (stage.at === 'miles' && stage.focusRow !== null)
      document.getElementById(`amend-${stage.focusRow}`)?.focus();
  }, [stage]);
  if (!amendable) return <p>Tell us the change in words in your answer below.</p>;
  const fail = (next: Record<string, string>) => dispatch({ type: 'refused', errors: next });
  const years = () =>
    rows.map((r) => ({ year: r.year, employmentId: r.employmentId, miles: Number(r.miles) }));

  async function check() {
    const bad = milesRequiredErrors(rows);
    if (Object.keys(bad).length > 0) return fail(bad);
    dispatch({ type: 'asked' });
    const res = await previewStatusAmendment(props.casework, {
      requestId: props.requestId,
      itemId: props.itemId,
      years: years(),
    });
    if (!res.ok) return fail(milesErrorsOf(res.errors, res.message));
    dispatch({ type: 'checked', authority: res.data.document });
  }

  async function send() {
    dispatch({ type: 'asked' });
    const { signature } = state;
    const res = await amendStatusClaim(props.casework, {
      requestId: props.requestId,
      itemId: props.itemId,
      years: years(),
      signature: signature.dataUrl ?? '',
      // Decision 058: the method as chosen, so a blank typed name is the name's message.
      signatureMethod: signature.method,
      ...(signature.typedName ? { typedName: signature.typedName } : {}),
      agreementChecks: state.checks,
    });
    if (res.ok) return props.onDone(res.data);
    // One message at the one signature field, the typed name's first.
    fail(Object.keys(res.errors).length > 0 ? foldSignatureErrors(res.errors) : { signature: res.message });
  }

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
        focusKey={state.attempt}
      />
      {stage.at === 'miles' ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          {rows.map((r, i) => (
            <MilesField
              key={`${r.year}-${r.employmentId}`}
              id={`amend-${i}`}
              year={r.year}
              employerName={r.employerName || 'your employer'}
              label={`Business miles in ${r.year}${r.employerName ? ` for ${r.employerName}` : ''}`}
              value={r.miles}
              error={errors[`amend-${i}`]}
              onChange={(digits) => dispatch({ type: 'typed', row: i, miles: digits })}
            />
          ))}
          <Button type="submit" loading={busy}>
            Check your new figures
          </Button>
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
          <h3 ref={checkHeading} tabIndex={-1} className="text-xl font-bold">
            Check your answers
          </h3>
          <AmendmentSummary
            rows={rows}
            before={figuresOf(amendable, rowsOf(amendable))}
            after={figuresOf(amendable, rows)}
            onChange={(row) => dispatch({ type: 'change', row })}
          />
          <p>Read the authority you are signing. It has your new figures.</p>
          <AuthorityDocumentView document={stage.authority} testId="amendment-authority" />
          <div data-testid="signature-pad">
            <SignatureChoice
              id="amend-signature"
              label="Sign again for the new figures"
              clearLabel="Clear"
              error={errors.signature}
              onChange={(value) => dispatch({ type: 'signed', value })}
            />
          </div>
          <AgreementChecks
            idOf={(key) => `amend-${key}`}
            checked={state.checks}
            onChange={(key, value) => dispatch({ type: 'ticked', key, value })}
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
