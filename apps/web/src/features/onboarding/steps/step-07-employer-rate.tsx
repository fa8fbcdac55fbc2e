import { useState } from 'react';
import { isFuelClaim } from '@taxback/domain';
import { FieldError } from '../components/choice-list.tsx';
import { keepDecimal } from '../components/estimate-dialog.tsx';
import { RebatePanel } from '../components/rebate-panel.tsx';
import { summariseClaim, yearRebate } from '@taxback/domain';
import { errorFor, fieldId } from '../lib/validation.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';

const FIELDS = ['employerMileageRate'] as const;
export const QUICK_RATES: readonly { pence: number; label: string }[] = [
  { pence: 0, label: '0 (no payment)' },
  { pence: 25, label: '25p/mile' },
  { pence: 40, label: '40p/mile' },
  { pence: 45, label: '45p/mile' },
];

/** Empty means 0 (SPEC §5). */
export function parseRate(text: string): number {
  if (text === '' || text === '.') return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

export function StepEmployerRate() {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  const [text, setText] = useState(() =>
    snapshot.employerMileageRate > 0 ? String(snapshot.employerMileageRate) : '',
  );
  const error = errorFor(errors, FIELDS[0]);
  const id = fieldId(FIELDS[0]);
  const summary = summariseClaim(snapshot);
  const yearRebates = Object.fromEntries(
    summary.years.map((y) => [y.year, yearRebate(snapshot, y.year, y.miles)]),
  );

  function setRate(value: string) {
    const cleaned = keepDecimal(value).slice(0, 6);
    setText(cleaned);
    wizard.setEmployerRate(parseRate(cleaned));
  }

  return (
    <WizardShell
      heading="How much does your employer pay per mile?"
      lead="Some employers pay towards business mileage. You can only claim the difference between what they paid and HMRC's allowance. Enter 0 if they paid nothing."
      fields={FIELDS}
    >
      <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
        <label htmlFor={id} className="font-semibold">
          Pence per mile
        </label>
        <p id={`${id}-hint`} className="text-muted">
          For example, 25 for 25p a mile
        </p>
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex items-center gap-2">
          <input
            id={id}
            data-testid="employer-rate"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setRate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className={`min-h-11 w-32 rounded-md border-2 bg-white px-3 py-2 text-base ${
              error ? 'border-danger' : 'border-gray-600'
            }`}
          />
          <span aria-hidden="true" className="font-semibold">
            p
          </span>
        </div>
      </div>

      <div role="group" aria-label="Common rates" className="flex flex-wrap gap-2">
        {QUICK_RATES.map((q) => {
          const pressed = text !== '' && parseRate(text) === q.pence;
          return (
            <button
              key={q.pence}
              type="button"
              aria-pressed={pressed}
              onClick={() => setRate(String(q.pence))}
              data-testid={`quick-rate-${q.pence}`}
              className={`min-h-11 rounded-full border-2 px-4 py-2 font-semibold ${
                pressed
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-brand-700 bg-white text-brand-700'
              }`}
            >
              {q.label}
            </button>
          );
        })}
      </div>

      {!isFuelClaim(snapshot) && <RebatePanel summary={summary} variant="impact" yearRebates={yearRebates} />}
    </WizardShell>
  );
}
