import type { Dispatch, SetStateAction } from 'react';
import {
  FREQUENCIES,
  ONE_OFF_FREQUENCY,
  JOURNEY_REASONS,
  TRIP_TYPES,
  isValidUkPostcode,
  journeyAnnualMiles,
  type Frequency,
  type Journey,
  type JourneyReason,
  type TripType,
  EMPTY_DATE_PARTS,
  MAX_LEAVE_PERIODS,
  leaveProblems,
  randomBytes,
  textToDateParts,
  datePartsToText,
  toBase64Url,
  type LeaveDraft,
  milesText,
} from '@taxback/domain';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FieldError } from '../components/choice-list.tsx';
import { keepDecimal } from '../components/estimate-dialog.tsx';
import { fieldId } from '../lib/validation.ts';
import { calculateDistance } from '../lib/wizard-api.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';
import {
  POSTCODES_HINT,
  POSTCODE_FIELD_HINT,
  createJourney,
  formatJourneyPostcode,
  journeyFieldPath,
  journeyFieldPaths,
  validateJourneys,
} from './journey-rules.ts';

export type DistanceState =
  { status: 'calculating' } | { status: 'done'; estimate: boolean } | { status: 'error'; message: string };

export interface JourneySetupProps {
  distance: Record<string, DistanceState>;
  setDistance: Dispatch<SetStateAction<Record<string, DistanceState>>>;
  distanceText: Record<string, string>;
  setDistanceText: Dispatch<SetStateAction<Record<string, string>>>;
}

const exampleDate = '14 5 2026';

/** The plan's 'journeys' step (inside evidence): the claimant's regular business journeys. */
export function JourneySetup(props: JourneySetupProps) {
  const wizard = useWizard();
  const { journeys } = wizard.state.snapshot;

  function setJourney(id: string, patch: Partial<Journey>) {
    wizard.setJourneys(journeys.map((j) => (j.id === id ? { ...j, ...patch } : j)));
  }

  function onContinue() {
    const { snapshot } = wizard.state;
    const errors = { ...validateJourneys(snapshot), ...leaveProblems(snapshot.leave) };
    if (Object.keys(errors).length > 0) {
      wizard.showErrors(errors);
      return;
    }
    wizard.rebuildReview();
  }

  return (
    <WizardShell
      heading="Your business journeys"
      lead="Add the business journeys you make regularly, and any one-off trips. We use them to build a mileage log for each tax year you are claiming for."
      fields={[
        ...journeyFieldPaths(journeys.length),
        ...wizard.state.snapshot.leave.flatMap((_, i) => [`leave.${i}.from`, `leave.${i}.to`]),
      ]}
      onContinue={onContinue}
    >
      {journeys.length === 0 && <p data-testid="no-journeys-yet">You have not added any journeys yet.</p>}
      <ol className="space-y-6">
        {journeys.map((j, i) => (
          <JourneyCard
            key={j.id}
            index={i}
            journey={j}
            setJourney={(patch) => setJourney(j.id, patch)}
            onRemove={() => wizard.setJourneys(journeys.filter((x) => x.id !== j.id))}
            {...props}
          />
        ))}
      </ol>
      <Button
        variant="secondary"
        onClick={() => wizard.setJourneys([...journeys, createJourney()])}
        data-testid="add-journey"
      >
        {journeys.length === 0 ? 'Add a journey' : 'Add another journey'}
      </Button>
      <LeaveSection />
    </WizardShell>
  );
}

/** D25: periods the claimant did not work (holidays, sickness), left out of the dated log. */
function LeaveSection() {
  const wizard = useWizard();
  const { leave } = wizard.state.snapshot;
  const errors = wizard.state.errors;
  const set = (next: LeaveDraft[]) => wizard.setLeave(next);
  return (
    <section aria-labelledby="leave-title" className="space-y-4" data-testid="leave">
      <h2 id="leave-title" className="text-2xl">
        Leave (optional)
      </h2>
      <p>
        Add the periods you did not work, such as holidays or sickness. Your mileage log leaves them out, as
        it does weekends and bank holidays.
      </p>
      {leave.map((l, i) => (
        <div
          key={l.id}
          className="space-y-3 rounded-lg border-2 border-gray-300 p-4"
          data-testid={`leave-${i + 1}`}
        >
          <DateInput
            id={fieldId(`leave.${i}.from`)}
            legend={`Period ${i + 1}: first day of leave`}
            value={l.from}
            onChange={(from) => set(leave.map((x) => (x.id === l.id ? { ...x, from } : x)))}
            error={errors[`leave.${i}.from`]}
            testId={`leave-${i + 1}-from`}
          />
          <DateInput
            id={fieldId(`leave.${i}.to`)}
            legend={`Period ${i + 1}: last day of leave`}
            value={l.to}
            onChange={(to) => set(leave.map((x) => (x.id === l.id ? { ...x, to } : x)))}
            error={errors[`leave.${i}.to`]}
            testId={`leave-${i + 1}-to`}
          />
          <Button
            variant="secondary"
            onClick={() => set(leave.filter((x) => x.id !== l.id))}
            data-testid={`remove-leave-${i + 1}`}
          >
            Remove <span className="sr-only">period {i + 1} of leave</span>
          </Button>
        </div>
      ))}
      {leave.length < MAX_LEAVE_PERIODS && (
        <Button
          variant="secondary"
          onClick={() =>
            set([
              ...leave,
              {
                id: `leave_${toBase64Url(randomBytes(6))}`,
                from: { ...EMPTY_DATE_PARTS },
                to: { ...EMPTY_DATE_PARTS },
              },
            ])
          }
          data-testid="add-leave"
        >
          Add a period of leave
        </Button>
      )}
    </section>
  );
}

interface JourneyCardProps extends JourneySetupProps {
  index: number;
  journey: Journey;
  setJourney: (patch: Partial<Journey>) => void;
  onRemove: () => void;
}

const selectClass = (invalid: boolean) =>
  `min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base text-ink ${invalid ? 'border-danger' : 'border-gray-600'}`;

function JourneyCard({
  index,
  journey: j,
  setJourney,
  onRemove,
  distance,
  setDistance,
  distanceText,
  setDistanceText,
}: JourneyCardProps) {
  const wizard = useWizard();
  const { errors } = wizard.state;
  const n = index + 1;
  const t = (name: string) => `journey-${index}-${name}`;
  const err = (field: keyof Journey) => errors[journeyFieldPath(index, field)];
  const id = (field: keyof Journey) => fieldId(journeyFieldPath(index, field));
  const fromValid = isValidUkPostcode(j.startAddress);
  const toValid = isValidUkPostcode(j.endAddress);
  const lookup = distance[j.id];
  const oneOff = j.frequency === 'one-off';
  const text = distanceText[j.id] ?? (j.distance === null ? '' : String(j.distance));

  function clearLookup() {
    setDistance((d) => {
      if (!(j.id in d)) return d;
      const next = { ...d };
      delete next[j.id];
      return next;
    });
  }

  async function calculate() {
    setDistance((d) => ({ ...d, [j.id]: { status: 'calculating' } }));
    const result = await calculateDistance(wizard.sessionId, j.startAddress, j.endAddress);
    if (result.kind === 'ok') {
      setDistance((d) => ({ ...d, [j.id]: { status: 'done', estimate: result.estimate } }));
      setDistanceText((d) => ({ ...d, [j.id]: String(result.miles) }));
      setJourney({ distance: result.miles });
    } else setDistance((d) => ({ ...d, [j.id]: { status: 'error', message: result.message } }));
  }

  function setDistanceValue(value: string) {
    const cleaned = keepDecimal(value).slice(0, 7);
    setDistanceText((d) => ({ ...d, [j.id]: cleaned }));
    const miles = cleaned === '' || cleaned === '.' ? null : Number(cleaned);
    setJourney({ distance: miles !== null && Number.isFinite(miles) ? miles : null });
    // A typed distance replaces a calculated one, so it is no longer the server's estimate.
    clearLookup();
  }

  const postcodeField = (field: 'startAddress' | 'endAddress', label: string, valid: boolean) => {
    const value = j[field];
    const error = err(field);
    const showHint = value !== '' && !valid;
    const hintId = `${id(field)}-hint`;
    const errorId = `${id(field)}-error`;
    return (
      <div className={`flex flex-col gap-1 ${error ? 'border-l-4 border-danger pl-3' : ''}`}>
        <label htmlFor={id(field)} className="font-semibold">
          {label}
        </label>
        <FieldError id={errorId} message={error} />
        <input
          id={id(field)}
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid={t(field === 'startAddress' ? 'from' : 'to')}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            setJourney({ [field]: formatJourneyPostcode(e.target.value) });
            clearLookup();
          }}
          className={`min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base uppercase ${
            error ? 'border-danger' : 'border-gray-600'
          }`}
        />
        {showHint && (
          <p
            id={hintId}
            className="text-sm text-muted"
            data-testid={t(`${field === 'startAddress' ? 'from' : 'to'}-hint`)}
          >
            {POSTCODE_FIELD_HINT}
          </p>
        )}
      </div>
    );
  };

  return (
    <li className="rounded-lg border-2 border-gray-300 p-4" data-testid={`journey-${index}`}>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">Journey {n}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {postcodeField('startAddress', 'From postcode', fromValid)}
          {postcodeField('endAddress', 'To postcode', toValid)}
        </div>

        <div>
          {fromValid && toValid ? (
            <Button
              variant="secondary"
              onClick={() => void calculate()}
              loading={lookup?.status === 'calculating'}
              data-testid={t('calculate')}
            >
              Calculate Distance
            </Button>
          ) : (
            <p className="text-muted" data-testid={t('postcode-hint')}>
              {POSTCODES_HINT}
            </p>
          )}
        </div>
        <div aria-live="polite">
          {lookup?.status === 'calculating' && (
            <p className="mt-2 flex items-center gap-2">
              <Spinner size="sm" label="" /> Calculating distance…
            </p>
          )}
          {lookup?.status === 'error' && (
            <p className="mt-2 font-semibold text-danger" data-testid={t('distance-error')}>
              {lookup.message}
            </p>
          )}
          {lookup?.status === 'done' && lookup.estimate && (
            <p className="mt-2 text-muted" data-testid={t('distance-estimate')}>
              This distance is an estimate. Check it and change it if your usual route is longer or shorter.
            </p>
          )}
        </div>

        <div className={`flex flex-col gap-1 ${err('distance') ? 'border-l-4 border-danger pl-3' : ''}`}>
          <label htmlFor={id('distance')} className="font-semibold">
            Distance one way (miles)
          </label>
          <FieldError id={`${id('distance')}-error`} message={err('distance')} />
          <input
            id={id('distance')}
            value={text}
            inputMode="decimal"
            autoComplete="off"
            data-testid={t('distance')}
            aria-invalid={err('distance') ? true : undefined}
            aria-describedby={err('distance') ? `${id('distance')}-error` : undefined}
            onChange={(e) => setDistanceValue(e.target.value)}
            className={`min-h-11 w-32 rounded-md border-2 bg-white px-3 py-2 text-base ${
              err('distance') ? 'border-danger' : 'border-gray-600'
            }`}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={id('frequency')} className="font-semibold">
              How often
            </label>
            <FieldError id={`${id('frequency')}-error`} message={err('frequency')} />
            <select
              id={id('frequency')}
              value={j.frequency}
              data-testid={t('frequency')}
              onChange={(e) => {
                const frequency = e.target.value as Frequency;
                // A one-off journey is a single or a return trip; the old 'one-off' trip type meant a
                // single trip, so it becomes one.
                setJourney(
                  frequency === 'one-off' && j.tripType === 'one-off'
                    ? { frequency, tripType: 'single' }
                    : { frequency },
                );
              }}
              className={selectClass(Boolean(err('frequency')))}
            >
              {[...FREQUENCIES, ONE_OFF_FREQUENCY].map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={id('tripType')} className="font-semibold">
              Trip type
            </label>
            <FieldError id={`${id('tripType')}-error`} message={err('tripType')} />
            <select
              id={id('tripType')}
              value={j.tripType}
              data-testid={t('trip-type')}
              onChange={(e) => setJourney({ tripType: e.target.value as TripType })}
              className={selectClass(Boolean(err('tripType')))}
            >
              {TRIP_TYPES.filter((tt) => !oneOff || tt.id !== 'one-off').map((tt) => (
                <option key={tt.id} value={tt.id}>
                  {tt.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        {oneOff && (
          <DateInput
            id={id('date')}
            legend="Date of the journey"
            hint={`For example, ${exampleDate}`}
            value={textToDateParts(j.date)}
            onChange={(parts) => setJourney({ date: datePartsToText(parts) })}
            error={err('date')}
            testId={t('date')}
          />
        )}

        {wizard.state.snapshot.employments.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={id('employmentId')} className="font-semibold">
              Which job was this journey for?
            </label>
            <select
              id={id('employmentId')}
              value={
                wizard.state.snapshot.employments.some((e) => e.id === j.employmentId)
                  ? j.employmentId
                  : wizard.state.snapshot.employments[0]?.id
              }
              data-testid={t('employment')}
              onChange={(e) => setJourney({ employmentId: e.target.value })}
              className={selectClass(false)}
            >
              {wizard.state.snapshot.employments.map((e, i) => (
                <option key={e.id} value={e.id}>
                  {e.employerName || `Employer ${i + 1}`}
                </option>
              ))}
            </select>
          </div>
        )}

        <div className={`flex flex-col gap-1 ${err('reason') ? 'border-l-4 border-danger pl-3' : ''}`}>
          <label htmlFor={id('reason')} className="font-semibold">
            Business purpose
          </label>
          <FieldError id={`${id('reason')}-error`} message={err('reason')} />
          <select
            id={id('reason')}
            value={j.reason}
            data-testid={t('reason')}
            aria-invalid={err('reason') ? true : undefined}
            aria-describedby={err('reason') ? `${id('reason')}-error` : undefined}
            onChange={(e) => {
              const reason = e.target.value as JourneyReason | '';
              // SPEC §4: changing the reason away from 'other' clears the custom reason.
              setJourney(reason === 'other' ? { reason } : { reason, customReason: '' });
            }}
            className={selectClass(Boolean(err('reason')))}
          >
            <option value="">Select a reason</option>
            {JOURNEY_REASONS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </div>

        {j.reason === 'other' && (
          <div
            className={`flex flex-col gap-1 ${err('customReason') ? 'border-l-4 border-danger pl-3' : ''}`}
          >
            <label htmlFor={id('customReason')} className="font-semibold">
              Describe the business purpose
            </label>
            <FieldError id={`${id('customReason')}-error`} message={err('customReason')} />
            <input
              id={id('customReason')}
              value={j.customReason}
              maxLength={200}
              autoComplete="off"
              data-testid={t('custom-reason')}
              aria-invalid={err('customReason') ? true : undefined}
              aria-describedby={err('customReason') ? `${id('customReason')}-error` : undefined}
              onChange={(e) => setJourney({ customReason: e.target.value.replace(/[<>]/g, '') })}
              className={`min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base ${
                err('customReason') ? 'border-danger' : 'border-gray-600'
              }`}
            />
          </div>
        )}

        <p>
          {oneOff ? 'Business miles for this trip:' : 'Annual business miles:'}{' '}
          <strong data-testid={t('annual-miles')}>{milesText(journeyAnnualMiles(j))}</strong>
        </p>

        <Button variant="link" onClick={onRemove} data-testid={t('remove')}>
          Remove journey {n}
        </Button>
      </fieldset>
    </li>
  );
}
