import {
  PROFESSIONAL_BODIES_LIST_URL,
  isTaxYear,
  WFH_LAST_TAX_YEAR,
  isWfhClaimableYear,
  selectedDetailYears,
  stripAngleBrackets,
  type ClothingAnswer,
  type DetailsExpenses,
  type GeneralDetails,
  type WfhYearAnswer,
} from '@taxback/domain';
import { Radios } from '../../../components/ui/radios.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';
import { DetailsFrame, penceToPoundsText, poundsToPence } from './details-frame.tsx';
import { EvidenceUpload } from './evidence-uploads.tsx';
import { FlatRateQuestions } from './flat-rate-questions.tsx';
import { ProfessionalBodyField } from './professional-body-field.tsx';
import { TRADE_UNION_FEES_NOTE, feeReliefFor } from '@taxback/domain/professional-bodies';
import type { DetailsController } from './use-details.ts';

type Props = { d: DetailsController; details: GeneralDetails };

function setExpenses(d: DetailsController, details: GeneralDetails, patch: Partial<DetailsExpenses>) {
  d.update({ expenses: { ...details.expenses, ...patch } });
}

/** One amount per chosen year, in pounds (stored in pence); `section` names the error keys. */
function YearAmounts({
  d,
  years,
  section,
  label,
  values,
  onChange,
}: {
  d: DetailsController;
  years: string[];
  section: string;
  label: (year: string) => string;
  values: Record<string, number>;
  onChange: (years: Record<string, number>) => void;
}) {
  return (
    <>
      {years.map((year) => {
        const key = `expenses.${section}.years.${year}`;
        return (
          <TextField
            key={year}
            id={fieldId(key)}
            label={label(year)}
            hint="In pounds, for example 120"
            inputMode="decimal"
            value={penceToPoundsText(values[year])}
            onChange={(v) => onChange({ ...values, [year]: poundsToPence(v) })}
            error={d.errors[key]}
            className="max-w-xs"
          />
        );
      })}
    </>
  );
}

/** Uniform, work clothing and tools: HMRC's flat rate for the industry and job, or the actual cost. */
export function ClothingStep({ d, details }: Props) {
  const years = selectedDetailYears(details);
  const c = details.expenses.clothing;
  const set = (clothing: ClothingAnswer) => setExpenses(d, details, { clothing });
  return (
    <DetailsFrame
      d={d}
      heading="Uniform, work clothing and tools"
      lead="HMRC sets a flat amount a year for cleaning, repairing or replacing them, by industry and job. If you spent more, you can claim what you spent, with receipts."
    >
      <Radios
        id={fieldId('expenses.clothing')}
        name="clothing-kind"
        legend="How do you want to claim?"
        options={[
          { value: 'flat-rate', label: "HMRC's flat rate for my job" },
          { value: 'actual', label: 'What I actually spent (keep your receipts)' },
        ]}
        value={c?.kind ?? ''}
        onChange={(kind) => set(kind === 'flat-rate' ? { kind, industry: '', job: '' } : { kind, years: {} })}
        error={d.errors['expenses.clothing']}
      />
      {c?.kind === 'flat-rate' && (
        <FlatRateQuestions
          d={d}
          years={years}
          answer={c}
          onChange={set}
          onClaimActual={() => {
            set({ kind: 'actual', years: {} });
            // The button goes with the flat rate's questions: the focus moves to the choice made.
            setTimeout(() => document.getElementById(`${fieldId('expenses.clothing')}-actual`)?.focus());
          }}
        />
      )}
      {c?.kind === 'actual' && (
        <YearAmounts
          d={d}
          years={years}
          section="clothing"
          label={(y) => `What you spent in ${y}`}
          values={c.years}
          onChange={(v) => set({ kind: 'actual', years: v })}
        />
      )}
      {c?.kind === 'actual' &&
        years.map((y) => (
          <EvidenceUpload key={y} d={d} section="clothing" taxYear={y} label={`Receipts for ${y}`} />
        ))}
    </DetailsFrame>
  );
}

/** Professional fees: the body from HMRC's List 3 (or typed in, for our team to check) and the yearly fee. */
export function FeesStep({ d, details }: Props) {
  const fees = details.expenses.fees ?? { body: '', years: {} };
  const set = (patch: Partial<typeof fees>) => setExpenses(d, details, { fees: { ...fees, ...patch } });
  return (
    <DetailsFrame
      d={d}
      heading="Professional fees and subscriptions"
      lead={
        <>
          HMRC gives relief only for bodies on its{' '}
          <a href={PROFESSIONAL_BODIES_LIST_URL} target="_blank" rel="noreferrer">
            approved list (List 3, opens in a new tab)
          </a>
          .
        </>
      }
    >
      <ProfessionalBodyField
        id={fieldId('expenses.fees.body')}
        label="Name of the professional body"
        hint="Start typing its name or initials and choose it from HMRC’s list; if it is not there, type its full name"
        value={fees.body}
        onChange={(v) => set({ body: stripAngleBrackets(v) })}
        error={d.errors['expenses.fees.body']}
        maxLength={200}
      />
      <p className="text-muted">{TRADE_UNION_FEES_NOTE}</p>
      <YearAmounts
        d={d}
        years={selectedDetailYears(details)}
        section="fees"
        label={(y) => `Fees you paid in ${y}`}
        values={fees.years}
        onChange={(years) => set({ years })}
      />
      <FeeReliefNotes body={fees.body} years={selectedDetailYears(details)} />
    </DetailsFrame>
  );
}

/** Hotel stays or telephone (the work share of calls, never line rental): a yearly amount with evidence. */
export function AmountsStep({ d, details, section }: Props & { section: 'hotel' | 'telephone' }) {
  const values = details.expenses[section]?.years ?? {};
  const text =
    section === 'hotel'
      ? {
          heading: 'Hotel stays for work',
          lead: 'What you paid yourself and your employer did not repay. Keep the bills.',
          label: 'Hotel stays in',
        }
      : {
          heading: 'Work telephone calls',
          lead: 'Only the cost of work calls on your own phone. Line rental cannot be claimed. Keep your itemised bills.',
          label: 'Work calls in',
        };
  return (
    <DetailsFrame d={d} heading={text.heading} lead={text.lead}>
      <YearAmounts
        d={d}
        years={selectedDetailYears(details)}
        section={section}
        label={(y) => `${text.label} ${y}`}
        values={values}
        onChange={(years) => setExpenses(d, details, { [section]: { years } })}
      />
      {selectedDetailYears(details).map((y) => (
        <EvidenceUpload
          key={y}
          d={d}
          section={section}
          taxYear={y}
          label={`${section === 'hotel' ? 'Hotel bills' : 'Itemised phone bills'} for ${y}`}
        />
      ))}
    </DetailsFrame>
  );
}

/** D21, D28: working from home, only for years up to 2025/26: weeks at £6, or the actual extra cost, and proof it was required. */
export function WfhStep({ d, details }: Props) {
  const wfh = details.expenses.wfh ?? { required: false, years: {} };
  const years = selectedDetailYears(details).filter(isWfhClaimableYear);
  const set = (patch: Partial<typeof wfh>) => setExpenses(d, details, { wfh: { ...wfh, ...patch } });
  const setYear = (year: string, answer: WfhYearAnswer) => set({ years: { ...wfh.years, [year]: answer } });
  return (
    <DetailsFrame
      d={d}
      heading="Working from home"
      lead={`This relief ended on 6 April 2026: you can claim it only for tax years up to ${WFH_LAST_TAX_YEAR}, and only if your employer required you to work from home.`}
    >
      {years.length === 0 && <p>None of the years you chose can include working from home.</p>}
      {years.map((year) => {
        const a = wfh.years[year];
        const key = `expenses.wfh.years.${year}`;
        return (
          <fieldset key={year} className="space-y-3 rounded-lg border-2 border-gray-300 p-4">
            <legend className="px-1 text-xl font-semibold">{year}</legend>
            <Radios
              id={fieldId(`${key}.kind`)}
              name={`wfh-${year}`}
              legend="How do you want to claim?"
              options={[
                { value: 'weeks', label: '£6 a week (no receipts needed)' },
                { value: 'actual', label: 'The actual extra household costs (keep the bills)' },
              ]}
              value={a?.kind ?? ''}
              onChange={(kind) => setYear(year, kind === 'weeks' ? { kind, weeks: 0 } : { kind, pence: 0 })}
            />
            {a?.kind === 'weeks' && (
              <TextField
                id={fieldId(key)}
                label="Weeks you worked from home"
                inputMode="numeric"
                value={String(a.weeks)}
                onChange={(v) => setYear(year, { kind: 'weeks', weeks: v === '' ? 0 : Number(v) })}
                error={errorFor(d.errors, key)}
                className="max-w-xs"
              />
            )}
            {a?.kind === 'actual' && (
              <TextField
                id={fieldId(key)}
                label="Extra household costs, in pounds"
                inputMode="decimal"
                value={penceToPoundsText(a.pence)}
                onChange={(v) => setYear(year, { kind: 'actual', pence: poundsToPence(v) })}
                error={errorFor(d.errors, key)}
                className="max-w-xs"
              />
            )}
            {a?.kind === 'actual' && (
              <EvidenceUpload d={d} section="wfh" taxYear={year} label={`Household bills for ${year}`} />
            )}
          </fieldset>
        );
      })}
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={fieldId('expenses.wfh.required')}
          checked={wfh.required}
          onChange={(e) => set({ required: e.target.checked })}
          className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
        />
        <label htmlFor={fieldId('expenses.wfh.required')}>
          My employer required me to work from home, and I can show it (a letter, email or contract)
        </label>
      </div>
      <EvidenceUpload
        d={d}
        section="wfh"
        taxYear=""
        label="Proof that your employer required you to work from home (optional now, our team may ask for it)"
      />
    </DetailsFrame>
  );
}

/** D39: a fee counts only for a body on List 3 from the year HMRC approved it; a year that does not count says why. */
function FeeReliefNotes({ body, years }: { body: string; years: readonly string[] }) {
  if (body.trim() === '') return null;
  const notes = years.flatMap((y) => {
    const relief = isTaxYear(y) ? feeReliefFor(body, y) : null;
    return relief && !relief.counts ? [{ year: y, reason: relief.reason }] : [];
  });
  if (notes.length === 0) return null;
  return (
    <div className="rounded-md border-2 border-gray-400 p-4" data-testid="fee-relief-notes">
      <p className="font-semibold">These fees count as £0:</p>
      <ul className="list-disc pl-6">
        {notes.map((n) => (
          <li key={n.year}>
            {n.year}: {n.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
