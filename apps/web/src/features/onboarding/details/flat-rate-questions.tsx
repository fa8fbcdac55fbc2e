import { useEffect, useMemo, useState } from 'react';
import {
  FLAT_RATE_INDUSTRIES,
  FLAT_RATE_IN_TAX_CODE_REASON,
  SHOES_AND_STOCKINGS_AMOUNTS,
  flatRateClaimFor,
  flatRateIndustry,
  formatPence,
  resolveFlatRateJob,
  searchFlatRateJobs,
  taxYearInfo,
  type FlatRateClaim,
  type FlatRateClothingAnswer,
  type FlatRateIndustry,
  type FlatRateJobMatch,
} from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import { Radios } from '../../../components/ui/radios.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';
import { penceToPoundsText, poundsToPence } from './details-frame.tsx';
import type { DetailsController } from './use-details.ts';

// D30: HMRC's flat rate for uniforms, work clothing and tools, asked as HMRC's own service asks it:
// the industry and job (found by a search where the list is long), the healthcare shoes and
// stockings or tights, and for each chosen year what the employer pays towards the costs and
// whether the flat rate is already in the tax code. Every figure comes from flatRateClaimFor, the
// same pricing the check page, the authority and the worksheet use.

type YesNo = 'yes' | 'no';
const YES_NO: ReadonlyArray<{ value: YesNo; label: string }> = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** How many search results are listed at once. */
const SHOWN = 10;
/** The number of results is announced once typing pauses, not at every key. */
const ANNOUNCE_AFTER_MS = 400;

const EMPLOYER_PAYS = 'expenses.clothing.employerPays';
const IN_TAX_CODE = 'expenses.clothing.inTaxCode';

export interface FlatRateQuestionsProps {
  d: DetailsController;
  /** The claim's chosen tax years, oldest first. */
  years: string[];
  answer: FlatRateClothingAnswer;
  onChange: (answer: FlatRateClothingAnswer) => void;
  /** Switches the claim to what the claimant actually spent (for a job with no flat rate). */
  onClaimActual: () => void;
}

/**
 * The answer as it should be stored, or null when it already is: an old job id moved to where the
 * job now is, shoes and stockings only for a job that has them, the yearly answers only for the
 * chosen years, and none for a job HMRC gives no flat rate (so no error can point at a question
 * that is not on the page).
 */
export function tidyFlatRateAnswer(
  answer: FlatRateClothingAnswer,
  years: readonly string[],
): FlatRateClothingAnswer | null {
  const found = resolveFlatRateJob(answer.industry, answer.job);
  if (found === undefined) return null;
  const next: FlatRateClothingAnswer = { ...answer, industry: found.industry.id, job: found.job.id };
  let changed = next.industry !== answer.industry || next.job !== answer.job;
  if (
    found.job.shoesAndStockings !== true &&
    (answer.shoes !== undefined || answer.stockings !== undefined)
  ) {
    delete next.shoes;
    delete next.stockings;
    changed = true;
  }
  const excluded = found.job.excluded !== undefined;
  if (answer.employerPays !== undefined) {
    const kept = Object.entries(answer.employerPays).filter(([y]) => years.includes(y));
    if (excluded) {
      delete next.employerPays;
      changed = true;
    } else if (kept.length !== Object.keys(answer.employerPays).length) {
      next.employerPays = Object.fromEntries(kept);
      changed = true;
    }
  }
  if (answer.inTaxCode !== undefined) {
    const kept = [...new Set(answer.inTaxCode.filter((y) => years.includes(y)))];
    if (excluded) {
      delete next.inTaxCode;
      changed = true;
    } else if (kept.length !== answer.inTaxCode.length) {
      next.inTaxCode = kept;
      changed = true;
    }
  }
  return changed ? next : null;
}

/** A year's figure in words: the amount, then how it was reached or why it is less. */
export function flatRateFigureText(claim: FlatRateClaim | null): string {
  if (claim === null) return 'not in HMRC’s table';
  const amount = formatPence(claim.pence);
  if (claim.excluded !== undefined) return `${amount} (${claim.excluded})`;
  if (claim.pence === 0 && claim.reason !== undefined) return `${amount} (${claim.reason})`;
  const extras = [
    ...(claim.shoesPence > 0 ? [`${formatPence(claim.shoesPence)} for shoes`] : []),
    ...(claim.stockingsPence > 0 ? [`${formatPence(claim.stockingsPence)} for stockings or tights`] : []),
  ];
  const gross = extras.length > 0 ? `${formatPence(claim.ratePence)} with ${extras.join(' and ')}` : null;
  if (claim.employerPaidPence > 0) {
    const less = `less ${formatPence(claim.employerPaidPence)} your employer pays`;
    return `${amount} (${gross === null ? `${formatPence(claim.grossPence)} ${less}` : `${gross}, ${less}`})`;
  }
  return gross === null ? amount : `${amount} (${gross})`;
}

/** The shoes and the stockings or tights allowance in force in the latest chosen year, in pence. */
function extrasPence(years: readonly string[]): { shoes: number; stockings: number } {
  const latest = years.at(-1);
  let found = SHOES_AND_STOCKINGS_AMOUNTS[0];
  for (const a of SHOES_AND_STOCKINGS_AMOUNTS) {
    if (latest === undefined || taxYearInfo(a.from).startYear <= taxYearInfo(latest).startYear) found = a;
  }
  return { shoes: (found?.shoesPounds ?? 0) * 100, stockings: (found?.stockingsPounds ?? 0) * 100 };
}

function industryOption(i: FlatRateIndustry): string {
  if (i.hint === undefined) return i.label;
  return `${i.label} – ${i.hint.charAt(0).toLowerCase()}${i.hint.slice(1)}`;
}

/** The status read out by screen readers: it follows the search once typing pauses. */
function useAnnouncement(text: string): string {
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(text), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return announced;
}

function matchKey(m: FlatRateJobMatch): string {
  return `${m.industry.id}--${m.job.id}`;
}

function countText(n: number): string {
  return n === 1 ? '1 job matches' : `${n} jobs match`;
}

/** "Search for a job": jobs across every industry, chosen by a radio that fills in both lists. */
function JobSearch({
  current,
  onChoose,
}: {
  /** The chosen industry and job, as `matchKey` gives them. */
  current: string;
  onChoose: (m: FlatRateJobMatch) => void;
}) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchFlatRateJobs(query), [query]);
  const shown = matches.slice(0, SHOWN);
  const searching = query.trim() !== '';
  const more =
    matches.length > SHOWN ? `. The first ${SHOWN} are shown: add another word to narrow them down` : '';
  const status = !searching
    ? ''
    : matches.length === 0
      ? 'No jobs match your search. Try another word, or choose your industry and job from the lists below.'
      : `${countText(matches.length)} your search${more}.`;
  const announced = useAnnouncement(status);
  const byKey = new Map(shown.map((m) => [matchKey(m), m]));
  return (
    <div className="space-y-4" data-testid="flat-rate-search">
      <TextField
        id="clothing-job-search"
        label="Search for a job"
        hint="Type a word from your job, for example nurse, fitter or welder. Or choose your industry and job from the lists below."
        value={query}
        onChange={setQuery}
        // Enter searches as the claimant types; it must not send the page.
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
      />
      <p role="status" className="sr-only" data-testid="flat-rate-search-status">
        {announced}
      </p>
      {searching && matches.length === 0 && <p>{status}</p>}
      {shown.length > 0 && (
        <Radios
          id="clothing-job-search-results"
          name="clothing-job-search-results"
          legend="Choose your job from the results"
          hint={`${countText(matches.length)} your search${more}.`}
          options={shown.map((m) => ({ value: matchKey(m), label: m.job.label, hint: m.industry.label }))}
          value={byKey.has(current) ? current : ''}
          onChange={(key) => {
            const m = byKey.get(key);
            if (m !== undefined) onChoose(m);
          }}
          testId="flat-rate-search-results"
        />
      )}
    </div>
  );
}

/** An amount in pounds, kept as typed (so "20." can become "20.50") and stored in pence. */
function PoundsField({
  id,
  label,
  hint,
  pence,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  pence: number | undefined;
  onChange: (pence: number) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState(() => penceToPoundsText(pence));
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      inputMode="decimal"
      value={text}
      onChange={(v) => {
        setText(v);
        onChange(poundsToPence(v));
      }}
      error={error}
      className="max-w-xs"
    />
  );
}

/** One chosen year's questions: what the employer pays towards the costs, and the tax code. */
function YearQuestions({
  d,
  year,
  answer,
  onChange,
}: {
  d: DetailsController;
  year: string;
  answer: FlatRateClothingAnswer;
  onChange: (patch: Pick<FlatRateClothingAnswer, 'employerPays' | 'inTaxCode'>) => void;
}) {
  const pays = answer.employerPays ?? {};
  const inTaxCode = answer.inTaxCode ?? [];
  // "No" to the employer is stored as £0; "no" to the tax code as the year left off the list.
  const [paysChoice, setPaysChoice] = useState<YesNo | ''>(() =>
    pays[year] === undefined ? '' : pays[year] === 0 ? 'no' : 'yes',
  );
  const [taxCodeChoice, setTaxCodeChoice] = useState<YesNo | ''>(() =>
    inTaxCode.includes(year) ? 'yes' : answer.inTaxCode === undefined ? '' : 'no',
  );
  const paysKey = `${EMPLOYER_PAYS}.${year}`;
  const taxCodeKey = `${IN_TAX_CODE}.${year}`;
  const askAmount = paysChoice === 'yes';
  const headingId = `clothing-year-${year.replace('/', '-')}`;
  return (
    <div className="space-y-4 border-t-2 border-gray-300 pt-4" data-testid={headingId}>
      <h2 id={headingId} className="text-2xl">
        {year} tax year
      </h2>
      <Radios
        // The amount carries the field's id (and its error) once it is asked for.
        id={askAmount ? `${fieldId(paysKey)}-answer` : fieldId(paysKey)}
        name={`clothing-employer-pays-${year}`}
        legend={`Does your employer pay you anything towards these costs in ${year}?`}
        hint="For example, an allowance for your uniform, or money towards your tools or cleaning. Not uniform or tools your employer gives you."
        options={YES_NO}
        value={paysChoice}
        onChange={(choice) => {
          setPaysChoice(choice);
          const rest = Object.fromEntries(Object.entries(pays).filter(([y]) => y !== year));
          onChange({ employerPays: { ...rest, [year]: choice === 'no' ? 0 : Number.NaN } });
        }}
        error={askAmount ? undefined : d.errors[paysKey]}
        inline
      />
      {askAmount && (
        <div className="border-l-4 border-gray-400 pl-4">
          <PoundsField
            id={fieldId(paysKey)}
            label={`How much your employer paid towards these costs in ${year}`}
            hint="In pounds, for example 20. It is taken off the flat rate."
            pence={pays[year]}
            onChange={(pence) => onChange({ employerPays: { ...pays, [year]: pence } })}
            error={d.errors[paysKey]}
          />
        </div>
      )}
      <Radios
        id={fieldId(taxCodeKey)}
        name={`clothing-in-tax-code-${year}`}
        legend={`Is HMRC's flat rate for your job already in your tax code for ${year}?`}
        hint="It is if your tax code notice or your HMRC online account shows an allowance for flat rate expenses or job expenses for that year."
        options={YES_NO}
        value={taxCodeChoice}
        onChange={(choice) => {
          setTaxCodeChoice(choice);
          const rest = inTaxCode.filter((y) => y !== year);
          onChange({ inTaxCode: choice === 'yes' ? [...rest, year].sort() : rest });
        }}
        error={d.errors[taxCodeKey]}
        inline
      />
      {taxCodeChoice === 'yes' && (
        <p className="border-l-4 border-gray-400 pl-4" data-testid={`${headingId}-in-tax-code`}>
          {FLAT_RATE_IN_TAX_CODE_REASON}.
        </p>
      )}
    </div>
  );
}

/** HMRC's flat rate: the industry and job, then HMRC's follow-up questions and each year's figure. */
export function FlatRateQuestions({ d, years, answer, onChange, onClaimActual }: FlatRateQuestionsProps) {
  const found = resolveFlatRateJob(answer.industry, answer.job);
  const industryId = found?.industry.id ?? answer.industry;
  const industry = flatRateIndustry(industryId);
  const job = found?.job;

  // An old job id, or answers the page no longer asks, are put right once shown (nothing is sent
  // until Continue).
  const tidy = tidyFlatRateAnswer(answer, years);
  useEffect(() => {
    if (tidy !== null) onChange(tidy);
  });

  const current = tidy ?? answer;
  const set = (patch: Partial<FlatRateClothingAnswer>) => onChange({ ...current, ...patch });
  const chooseJob = (industry: string, jobId: string) => {
    const next: FlatRateClothingAnswer = { ...current, industry, job: jobId };
    if (resolveFlatRateJob(industry, jobId)?.job.shoesAndStockings !== true) {
      delete next.shoes;
      delete next.stockings;
    }
    onChange(tidyFlatRateAnswer(next, years) ?? next);
  };

  const claims = years.map((year) =>
    flatRateClaimFor({
      industry: current.industry,
      job: current.job,
      year,
      shoes: current.shoes,
      stockings: current.stockings,
      employerPaysPence: current.employerPays?.[year],
      alreadyInTaxCode: current.inTaxCode?.includes(year) ?? false,
    }),
  );
  const excluded = job?.excluded === undefined ? undefined : (claims[0]?.excluded ?? job.excluded);
  const extras = extrasPence(years);

  return (
    <>
      <JobSearch
        current={job === undefined ? '' : `${industryId}--${job.id}`}
        onChoose={(m) => chooseJob(m.industry.id, m.job.id)}
      />
      <Select
        id={fieldId('expenses.clothing.industry')}
        label="Your industry"
        value={industryId}
        onChange={(v) => chooseJob(v, flatRateIndustry(v)?.jobs[0]?.id ?? '')}
        error={errorFor(d.errors, 'expenses.clothing.industry')}
      >
        <option value="">Select your industry</option>
        {FLAT_RATE_INDUSTRIES.map((i) => (
          <option key={i.id} value={i.id}>
            {industryOption(i)}
          </option>
        ))}
      </Select>
      {industry && (
        <Select
          id={fieldId('expenses.clothing.job')}
          label="Your job"
          value={job?.id ?? answer.job}
          onChange={(v) => chooseJob(industry.id, v)}
          error={d.errors['expenses.clothing.job']}
        >
          {industry.jobs.map((j) => (
            <option key={j.id} value={j.id}>
              {j.label}
            </option>
          ))}
        </Select>
      )}
      {excluded !== undefined && (
        <div
          className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-4"
          data-testid="flat-rate-excluded"
        >
          <h2 className="mb-2 text-xl">There is no flat rate for this job</h2>
          <p className="mb-2">{excluded}.</p>
          <p>
            If you paid for uniform, work clothing or tools for this job yourself and your employer did not
            pay you back, you may still be able to claim what you actually spent. Keep your receipts.
          </p>
          <Button variant="link" className="-ml-1 mt-2 text-left" onClick={onClaimActual}>
            Claim what I actually spent instead
          </Button>
        </div>
      )}
      {job?.shoesAndStockings === true && (
        <>
          <Radios
            id={fieldId('expenses.clothing.shoes')}
            name="clothing-shoes"
            legend="Does your employer make you buy your own shoes for work?"
            hint={`If so, HMRC adds ${formatPence(extras.shoes)} a year to the flat rate.`}
            options={YES_NO}
            value={current.shoes === undefined ? '' : current.shoes ? 'yes' : 'no'}
            onChange={(v) => set({ shoes: v === 'yes' })}
            error={d.errors['expenses.clothing.shoes']}
            inline
          />
          <Radios
            id={fieldId('expenses.clothing.stockings')}
            name="clothing-stockings"
            legend="Does your employer make you buy your own stockings or tights for work?"
            hint={`If so, HMRC adds ${formatPence(extras.stockings)} a year to the flat rate.`}
            options={YES_NO}
            value={current.stockings === undefined ? '' : current.stockings ? 'yes' : 'no'}
            onChange={(v) => set({ stockings: v === 'yes' })}
            error={d.errors['expenses.clothing.stockings']}
            inline
          />
        </>
      )}
      {job !== undefined && excluded === undefined && (
        <>
          {d.errors[IN_TAX_CODE] !== undefined && (
            <div id={fieldId(IN_TAX_CODE)} tabIndex={-1} className="border-l-4 border-danger pl-3">
              <FieldMessages id={fieldId(IN_TAX_CODE)} error={d.errors[IN_TAX_CODE]} />
            </div>
          )}
          {years.map((year) => (
            <YearQuestions key={year} d={d} year={year} answer={current} onChange={(patch) => set(patch)} />
          ))}
        </>
      )}
      {job !== undefined && (
        <div className="space-y-2">
          <h2 id="flat-rate-amounts-heading" className="text-2xl">
            What you can claim each year
          </h2>
          <ul
            className="list-disc pl-6"
            aria-labelledby="flat-rate-amounts-heading"
            data-testid="flat-rate-amounts"
          >
            {years.map((y, i) => (
              <li key={y}>
                {y}: {flatRateFigureText(claims[i] ?? null)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
