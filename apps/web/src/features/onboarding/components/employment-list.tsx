import {
  MAX_EMPLOYMENTS,
  emptyEmployment,
  endDateProblem,
  nextEmploymentId,
  stripAngleBrackets,
  type Employment,
} from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Radios } from '../../../components/ui/radios.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorFor, fieldId } from '../lib/validation.ts';

/** The error key of one employment's field: `employments.0.employerName`. */
export const employmentKey = (i: number, field: keyof Employment) => `employments.${i}.${field}`;

const FIELD_NAMES: ReadonlyArray<keyof Employment> = [
  'employerName',
  'payeReference',
  'jobTitle',
  'continuing',
  'endDate',
];

/** Every field key the list shows, in page order (for the error summary). */
export function employmentFieldKeys(jobs: readonly Employment[]): string[] {
  return ['employments', ...jobs.flatMap((_, i) => FIELD_NAMES.map((f) => employmentKey(i, f)))];
}

/**
 * D17: 1 to 5 employments with what HMRC's P87 asks about each ("Add another" pattern), for the
 * wizard's employments step and the details journey alike. `focusAfterRemove` is the id of the
 * page's heading, which takes the focus when a job is removed.
 */
export function EmploymentList({
  jobs,
  errors,
  onChange,
  focusAfterRemove,
}: {
  jobs: Employment[];
  errors: Record<string, string>;
  onChange: (jobs: Employment[]) => void;
  focusAfterRemove: string;
}) {
  const key = employmentKey;
  function patch(i: number, change: Partial<Employment>) {
    onChange(jobs.map((e, j) => (j === i ? { ...e, ...change } : e)));
  }
  function add() {
    if (jobs.length >= MAX_EMPLOYMENTS) return;
    onChange([...jobs, emptyEmployment(nextEmploymentId(jobs))]);
    // The new employment's first field, once it is on screen.
    requestAnimationFrame(() => document.getElementById(fieldId(key(jobs.length, 'employerName')))?.focus());
  }
  function remove(i: number) {
    onChange(jobs.filter((_, j) => j !== i));
    requestAnimationFrame(() => document.getElementById(focusAfterRemove)?.focus());
  }
  return (
    <>
      {errors.employments && (
        <p className="font-semibold text-danger" id={fieldId('employments')}>
          <span className="sr-only">Error: </span>
          {errors.employments}
        </p>
      )}
      {jobs.map((job, i) => {
        const title = jobs.length > 1 ? `Employment ${i + 1}` : 'Your employer';
        const headingId = `employment-heading-${job.id}`;
        return (
          <section
            key={job.id}
            aria-labelledby={headingId}
            className="space-y-5 rounded-lg border-2 border-gray-300 p-4"
            data-testid={`employment-${i + 1}`}
          >
            <h2 id={headingId} className="text-2xl">
              {title}
            </h2>
            <TextField
              id={fieldId(key(i, 'employerName'))}
              label="Employer's name"
              value={job.employerName}
              onChange={(v) => patch(i, { employerName: stripAngleBrackets(v) })}
              error={errorFor(errors, key(i, 'employerName'))}
              autoComplete="organization"
              maxLength={200}
              data-testid={`employer-name-${i + 1}`}
            />
            <div className="space-y-2">
              <TextField
                id={fieldId(key(i, 'payeReference'))}
                label="Employer PAYE reference"
                hint="It is on your P60 or payslip and looks like 123/AB45678"
                value={job.payeReference}
                onChange={(v) =>
                  patch(i, { payeReference: stripAngleBrackets(v).toUpperCase(), noPayeReference: false })
                }
                error={errorFor(errors, key(i, 'payeReference'))}
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                className="max-w-xs"
                data-testid={`paye-reference-${i + 1}`}
              />
              <div className="flex items-start gap-3">
                <input
                  type="checkbox"
                  id={`no-paye-${job.id}`}
                  checked={job.noPayeReference}
                  onChange={(e) => patch(i, { noPayeReference: e.target.checked, payeReference: '' })}
                  className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
                  data-testid={`no-paye-${i + 1}`}
                />
                <label htmlFor={`no-paye-${job.id}`}>
                  I don't have it
                  <span className="block text-muted">
                    We can still start your claim and will ask you or your employer for it before we send it
                    to HMRC.
                  </span>
                </label>
              </div>
            </div>
            <TextField
              id={fieldId(key(i, 'jobTitle'))}
              label="Your job title"
              value={job.jobTitle}
              onChange={(v) => patch(i, { jobTitle: stripAngleBrackets(v) })}
              error={errorFor(errors, key(i, 'jobTitle'))}
              autoComplete="organization-title"
              maxLength={100}
              data-testid={`job-title-${i + 1}`}
            />
            <Radios
              id={fieldId(key(i, 'continuing'))}
              name={`continuing-${job.id}`}
              legend="Do you still work there?"
              options={[
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
              ]}
              value={job.continuing}
              onChange={(continuing) => patch(i, { continuing })}
              error={errorFor(errors, key(i, 'continuing'))}
              inline
              testId={`continuing-${i + 1}`}
            />
            {job.continuing === 'no' && (
              <DateInput
                id={fieldId(key(i, 'endDate'))}
                legend="When did the job end?"
                hint="For example, 31 8 2025"
                value={job.endDate}
                onChange={(endDate) => patch(i, { endDate })}
                error={errorFor(errors, key(i, 'endDate'))}
                invalidParts={endDateProblem(job.endDate)?.parts}
                testId={`end-date-${i + 1}`}
              />
            )}
            {jobs.length > 1 && (
              <Button
                variant="secondary"
                onClick={() => remove(i)}
                data-testid={`remove-employment-${i + 1}`}
              >
                Remove <span className="sr-only">{job.employerName || title}</span>
              </Button>
            )}
          </section>
        );
      })}
      {jobs.length < MAX_EMPLOYMENTS ? (
        <Button variant="secondary" onClick={add} data-testid="add-employment">
          Add another employer
        </Button>
      ) : (
        <p>You can add up to {MAX_EMPLOYMENTS} employments.</p>
      )}
    </>
  );
}
