import { useState } from 'react';
import {
  TRIP_TYPES,
  datePartsToIso,
  formatIsoDate,
  frequencyLabel,
  journeyAnnualMiles,
  journeyReasonLabel,
  journeysMilesByYear,
  textToDateParts,
  milesText,
} from '@taxback/domain';
import {
  journeyPlaceAnswers,
  journeysOf,
  leftOutJourneys,
  logJourneysOf,
  parseMileageLogKey,
  regularPlacesOf,
  selectedYears,
  workplaceProblems,
  type WizardSnapshot,
} from '@taxback/domain';
import { generateMileageLog } from '../lib/wizard-api.ts';
import { useWizard } from '../wizard-context.tsx';
import { WizardShell } from '../wizard-shell.tsx';
import {
  NO_JOURNEYS_BODY,
  NO_JOURNEYS_TITLE,
  registerWorkplaceCheck,
  validateJourneys,
} from './journey-rules.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { WorkplaceQuestions, workplaceFieldPaths } from './workplace-questions.tsx';
import { LeftOutJourneys } from '../components/left-out-journeys.tsx';

// Decision 077: the wizard re-checks the places' answers as they change once this step has loaded.
registerWorkplaceCheck(workplaceProblems);

export const SAVE_JOURNEYS_FAILED =
  'We could not save your journeys. Please check your connection and try again.';

/** A one-off journey's date as '14 May 2026' ('' until it is a real date). */
function oneOffDate(text: string | undefined): string {
  const iso = datePartsToIso(textToDateParts(text));
  return iso === null ? '' : formatIsoDate(iso);
}

/** The plan's 'journeys-review' step: the journeys, their annual miles and 'Generate Log'. */
export function ReviewGenerate() {
  const wizard = useWizard();
  const { snapshot } = wizard.state;
  const { journeys } = snapshot;
  const selected = selectedYears(snapshot).map((y) => y.year);
  // The year whose Build Log opened the builder (issue 31); every selected year's otherwise.
  const logYear =
    wizard.state.logYear !== null && selected.includes(wizard.state.logYear) ? wizard.state.logYear : null;
  const years = logYear === null ? selected : [logYear];
  // With the year, one employment's log of it (issue 31), where that employment works that year.
  const employment =
    logYear === null
      ? undefined
      : snapshot.employments.find(
          (e) =>
            e.id === wizard.state.logEmployment &&
            selectedYears(snapshot)
              .find((y) => y.year === logYear)
              ?.jobs.some((j) => j.employmentId === e.id),
        );
  const employerName =
    employment === undefined
      ? ''
      : employment.employerName || `Employer ${snapshot.employments.indexOf(employment) + 1}`;
  const [phase, setPhase] = useState<'idle' | 'generating' | 'error'>('idle');
  const [message, setMessage] = useState('');

  async function generate() {
    if (phase === 'generating') return;
    const errors = validateJourneys(snapshot);
    if (Object.keys(errors).length > 0) {
      // Something changed since setup: go back to fix it.
      wizard.back();
      wizard.showErrors(errors);
      return;
    }
    // D39, decision 081: every regular place is answered before the log is built.
    const placeErrors = workplaceProblems(snapshot);
    if (Object.keys(placeErrors).length > 0) {
      wizard.showErrors(placeErrors);
      return;
    }
    setPhase('generating');
    setMessage('');
    // The server builds the log from the saved journeys, so they must be saved first.
    const saved = await wizard.saveDraftNow(20_000);
    if (!saved) {
      setPhase('error');
      setMessage(SAVE_JOURNEYS_FAILED);
      return;
    }
    const result = await generateMileageLog(wizard.sessionId, logYear ?? undefined, employment?.id);
    if (!result.ok) {
      setPhase('error');
      setMessage(result.message);
      return;
    }
    // One year's log replaces that year's alone (one employment's, that employment's log of the
    // year); the other years keep theirs. The page shows what the server now holds.
    wizard.setMileageLogs(
      logYear === null
        ? result.data
        : replacedLogs(wizard.state.server.mileageLogs, result.data, logYear, employment?.id),
    );
    wizard.exitRebuild();
  }

  if (journeys.length === 0) {
    return (
      <WizardShell heading="Review & Generate" showContinue={false}>
        <div className="rounded-lg border-2 border-gray-300 p-6 text-center" data-testid="no-journeys">
          <h2 className="mb-2 text-2xl">{NO_JOURNEYS_TITLE}</h2>
          <p>{NO_JOURNEYS_BODY}</p>
        </div>
      </WizardShell>
    );
  }

  // Decision 077: the journeys HMRC does not count are left out of the totals, as of the log.
  const { perYear, total } = journeysMilesByYear(
    logJourneysOf(
      employment === undefined ? journeys : journeysOf(snapshot, employment.id),
      snapshot.workplaces,
    ),
    years,
  );
  const places = regularPlacesOf(journeys);

  return (
    <WizardShell
      heading="Review & Generate"
      lead={
        logYear === null
          ? 'Check your journeys. We will build a mileage log (PDF and CSV) for each tax year you are claiming for and add it to your evidence.'
          : employment !== undefined
            ? `Check your journeys. We will build a mileage log (PDF and CSV) of your journeys for ${employerName} in ${logYear} and add it to that year's evidence. Other employments and years are not changed.`
            : `Check your journeys. We will build a mileage log (PDF and CSV) for ${logYear} and add it to that year's evidence. Other years are not changed.`
      }
      continueLabel={phase === 'generating' ? 'Generating…' : 'Generate Log'}
      continueDisabled={phase === 'generating'}
      onContinue={() => void generate()}
      fields={places.flatMap((p) =>
        workplaceFieldPaths(p, journeyPlaceAnswers(snapshot.workplaces, p)?.facts ?? {}),
      )}
    >
      <JourneySummaries snapshot={snapshot} />
      <RegularPlaces places={places} />
      <LeftOutJourneys snapshot={snapshot} />

      <section aria-labelledby="rebuild-totals-title" className="rounded-lg bg-brand-50 p-4">
        <h2 id="rebuild-totals-title" className="mb-2 text-xl">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          {perYear.map((y) => (
            <div key={y.year} className="contents">
              <dt>In {y.year}</dt>
              <dd
                className="text-right font-semibold"
                data-testid={`rebuild-year-${y.year.replace('/', '-')}`}
              >
                {milesText(y.miles)}
              </dd>
            </div>
          ))}
          <dt>
            Over {years.length} tax {years.length === 1 ? 'year' : 'years'}
            {years.length > 0 ? ` (${years.join(', ')})` : ''}
          </dt>
          <dd className="text-right text-xl font-bold text-brand-700" data-testid="rebuild-total-miles">
            {milesText(total)}
          </dd>
        </dl>
      </section>

      {phase === 'error' && <Notice tone="error" title={message} testId="generate-error" />}
    </WizardShell>
  );
}

/**
 * The logs after building one year's (or one employment's year, issue 31): the server replaced
 * that year's logs (or that employment's log of the year) with the new one, and nothing else.
 */
function replacedLogs<T>(
  before: Record<string, T>,
  built: Record<string, T>,
  year: string,
  employmentId: string | undefined,
): Record<string, T> {
  const kept = Object.entries(before).filter(([key]) => {
    const scope = parseMileageLogKey(key);
    if (scope.year !== year) return true;
    return employmentId !== undefined && scope.employmentId !== employmentId;
  });
  return { ...Object.fromEntries(kept), ...built };
}

/** Each journey with its miles, and whether the business-journey test leaves it out (decision 077). */
function JourneySummaries({ snapshot }: { snapshot: WizardSnapshot }) {
  const { journeys } = snapshot;
  const leftOut = new Map(leftOutJourneys(snapshot).map((o) => [o.journey.id, o.part]));
  return (
    <ol className="space-y-4" data-testid="journey-summary">
      {journeys.map((j, i) => (
        <li
          key={j.id}
          className="rounded-lg border-2 border-gray-300 p-4"
          data-testid={`summary-journey-${i}`}
        >
          <h2 className="mb-2 text-xl">
            Journey {i + 1}: {j.startAddress} to {j.endAddress}
          </h2>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt>Purpose</dt>
            <dd className="text-right break-words">{journeyReasonLabel(j)}</dd>
            <dt>Trip type</dt>
            <dd className="text-right">{TRIP_TYPES.find((t) => t.id === j.tripType)?.label}</dd>
            <dt>How often</dt>
            <dd className="text-right">{frequencyLabel(j.frequency)}</dd>
            {j.frequency === 'one-off' && (
              <>
                <dt>Date</dt>
                <dd className="text-right">{oneOffDate(j.date)}</dd>
              </>
            )}
            <dt>Distance one way</dt>
            <dd className="text-right">{milesText(j.distance ?? 0)}</dd>
            <dt className="font-semibold">{j.frequency === 'one-off' ? 'Miles' : 'Annual miles'}</dt>
            <dd className="text-right font-semibold" data-testid={`summary-journey-${i}-annual`}>
              {milesText(journeyAnnualMiles(j))}
            </dd>
          </dl>
          {leftOut.has(j.id) && (
            <p className="mt-2 font-semibold" data-testid={`summary-journey-${i}-left-out`}>
              {leftOut.get(j.id) === 'all'
                ? 'Left out of your claim: HMRC treats it as commuting (see below).'
                : 'Partly left out of your claim (see below).'}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** D39: HMRC's questions for each regular place the journeys go to (required, decision 081). */
function RegularPlaces({ places }: { places: readonly string[] }) {
  const wizard = useWizard();
  const { snapshot, errors } = wizard.state;
  if (places.length === 0) return null;
  const saved = snapshot.workplaces ?? [];
  return (
    <section aria-labelledby="regular-places-title" className="space-y-4" data-testid="regular-places">
      <h2 id="regular-places-title" className="text-2xl">
        The places you drive to regularly
      </h2>
      <p>
        HMRC only counts business travel. Driving between home and a place that is your permanent workplace is
        commuting, which never counts. Answer these questions for each place so we can check which journeys
        count before we build your log.
      </p>
      {places.map((place, i) => (
        <WorkplaceQuestions
          key={place}
          place={place}
          number={i + 1}
          answers={journeyPlaceAnswers(saved, place)}
          errors={errors}
          onChange={(answers) =>
            wizard.setWorkplaces([
              // The mileage step's places (decision 084) are kept, whatever their postcode.
              ...saved.filter((w) => w.place !== answers.place || w.mileageStep !== undefined),
              answers,
            ])
          }
        />
      ))}
    </section>
  );
}
