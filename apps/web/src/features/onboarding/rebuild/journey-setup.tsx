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
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
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

/** What every part of one journey's card needs: its place, its answers and their errors. */
interface JourneyFieldsProps {
  index: number;
  journey: Journey;
  setJourney: (patch: Partial<Journey>) => void;
}

/** The card's test ids, field ids and error messages, from the journey's place in the list. */
function useJourneyFields(index: number) {
  const { errors } = useWizard().state;
  return {
    t: (name: string) => `journey-${index}-${name}`,
    err: (field: keyof Journey) => errors[journeyFieldPath(index, field)],
    id: (field: keyof Journey) => fieldId(journeyFieldPath(index, field)),
  };
}

function JourneyCard({ index, journey: j, setJourney, onRemove, ...lookup }: JourneyCardProps) {
  const n = index + 1;
  const { t } = useJourneyFields(index);
  const oneOff = j.frequency === 'one-off';
  const fields = { index, journey: j, setJourney };
  return (
    <li className="rounded-lg border-2 border-gray-300 p-4" data-testid={`journey-${index}`}>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">Journey {n}</legend>
        <DistanceFields {...fields} {...lookup} />
        <HowOftenFields {...fields} />
        <EmploymentChoice {...fields} />
        <ReasonFields {...fields} />
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

/** A journey's start or end postcode, with its hint while it is not a full postcode. */
function PostcodeField({
  index,
  journey: j,
  setJourney,
  field,
  label,
  onChanged,
}: JourneyFieldsProps & { field: 'startAddress' | 'endAddress'; label: string; onChanged: () => void }) {
  const { t, err, id } = useJourneyFields(index);
  const value = j[field];
  const error = err(field);
  const showHint = value !== '' && !isValidUkPostcode(value);
  const hintId = `${id(field)}-hint`;
  const errorId = `${id(field)}-error`;
  const name = field === 'startAddress' ? 'from' : 'to';
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
        data-testid={t(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => {
          setJourney({ [field]: formatJourneyPostcode(e.target.value) });
          onChanged();
        }}
        className={`min-h-11 w-full rounded-md border-2 bg-white px-3 py-2 text-base uppercase ${
          error ? 'border-danger' : 'border-gray-600'
        }`}
      />
      {showHint && (
        <p id={hintId} className="text-sm text-muted" data-testid={t(`${name}-hint`)}>
          {POSTCODE_FIELD_HINT}
        </p>
      )}
    </div>
  );
}

/** The postcodes, the distance look-up and the one-way distance (typed or calculated). */
function DistanceFields({
  distance,
  setDistance,
  distanceText,
  setDistanceText,
  ...fields
}: JourneyFieldsProps & JourneySetupProps) {
  const wizard = useWizard();
  const { index, journey: j, setJourney } = fields;
  const { t, err, id } = useJourneyFields(index);
  const lookup = distance[j.id];
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

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <PostcodeField {...fields} field="startAddress" label="From postcode" onChanged={clearLookup} />
        <PostcodeField {...fields} field="endAddress" label="To postcode" onChanged={clearLookup} />
      </div>
      <div>
        {isValidUkPostcode(j.startAddress) && isValidUkPostcode(j.endAddress) ? (
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
      <DistanceLookupStatus lookup={lookup} testId={t} />
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
    </>
  );
}

function DistanceLookupStatus({
  lookup,
  testId: t,
}: {
  lookup: DistanceState | undefined;
  testId: (name: string) => string;
}) {
  return (
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
  );
}

/** How often and which kind of trip; a one-off journey has a date. */
function HowOftenFields({ index, journey: j, setJourney }: JourneyFieldsProps) {
  const { t, err, id } = useJourneyFields(index);
  const oneOff = j.frequency === 'one-off';
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id={id('frequency')}
          label="How often"
          value={j.frequency}
          error={err('frequency')}
          data-testid={t('frequency')}
          onChange={(value) => {
            const frequency = value as Frequency;
            // A one-off journey is a single or a return trip; the old 'one-off' trip type meant a
            // single trip, so it becomes one.
            setJourney(
              frequency === 'one-off' && j.tripType === 'one-off'
                ? { frequency, tripType: 'single' }
                : { frequency },
            );
          }}
        >
          {[...FREQUENCIES, ONE_OFF_FREQUENCY].map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </Select>
        <Select
          id={id('tripType')}
          label="Trip type"
          value={j.tripType}
          error={err('tripType')}
          data-testid={t('trip-type')}
          onChange={(value) => setJourney({ tripType: value as TripType })}
        >
          {TRIP_TYPES.filter((tt) => !oneOff || tt.id !== 'one-off').map((tt) => (
            <option key={tt.id} value={tt.id}>
              {tt.label}
            </option>
          ))}
        </Select>
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
    </>
  );
}

/** With several employments: which one the journey was for (D25: one log per employment). */
function EmploymentChoice({ index, journey: j, setJourney }: JourneyFieldsProps) {
  const { employments } = useWizard().state.snapshot;
  const { t, id } = useJourneyFields(index);
  if (employments.length <= 1) return null;
  return (
    <Select
      id={id('employmentId')}
      label="Which job was this journey for?"
      value={(employments.some((e) => e.id === j.employmentId) ? j.employmentId : employments[0]?.id) ?? ''}
      data-testid={t('employment')}
      onChange={(employmentId) => setJourney({ employmentId })}
    >
      {employments.map((e, i) => (
        <option key={e.id} value={e.id}>
          {e.employerName || `Employer ${i + 1}`}
        </option>
      ))}
    </Select>
  );
}

/** The business purpose, and its description when it is 'other'. */
function ReasonFields({ index, journey: j, setJourney }: JourneyFieldsProps) {
  const { t, err, id } = useJourneyFields(index);
  return (
    <>
      <Select
        id={id('reason')}
        label="Business purpose"
        value={j.reason}
        error={err('reason')}
        data-testid={t('reason')}
        onChange={(value) => {
          const reason = value as JourneyReason | '';
          // SPEC §4: changing the reason away from 'other' clears the custom reason.
          setJourney(reason === 'other' ? { reason } : { reason, customReason: '' });
        }}
      >
        <option value="">Select a reason</option>
        {JOURNEY_REASONS.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </Select>
      {j.reason === 'other' && (
        <TextField
          id={id('customReason')}
          label="Describe the business purpose"
          value={j.customReason}
          maxLength={200}
          autoComplete="off"
          data-testid={t('custom-reason')}
          error={err('customReason')}
          onChange={(value) => setJourney({ customReason: value.replace(/[<>]/g, '') })}
        />
      )}
    </>
  );
}
