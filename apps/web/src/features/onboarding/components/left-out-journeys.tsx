import {
  formatIsoDate,
  formatNumber,
  leftOutJourneys,
  stepLeftOutMilesClaimed,
  stepLeftOutMilesField,
  stepLeftOutText,
  stepPlaceDeductions,
  type Journey,
  type WizardSnapshot,
  type WorkplaceAnswers,
} from '@taxback/domain';
import { Button } from '../../../components/ui/button.tsx';
import { FieldMessages, fieldMessageIds } from '../../../components/ui/field-messages.tsx';
import { fieldId } from '../lib/validation.ts';
import { InfoBox } from './choice-list.tsx';

// D39, decision 077: the journeys the business-journey test leaves out of the claim, each with the
// decision's reason, shown before the log is built and again before the claimant signs.

function partText(part: 'all' | 'from' | 'until', changesOn: string | undefined): string {
  if (part === 'all' || changesOn === undefined) return 'Left out of your claim.';
  return part === 'from'
    ? `Left out from ${formatIsoDate(changesOn)}; the trips before then count.`
    : `Left out before ${formatIsoDate(changesOn)}; the trips from then on count.`;
}

export function LeftOutJourneys({
  snapshot,
  testId = 'left-out-journeys',
}: {
  snapshot: { journeys: readonly Journey[]; workplaces?: readonly WorkplaceAnswers[] | undefined };
  testId?: string;
}) {
  const out = leftOutJourneys(snapshot);
  if (out.length === 0) return null;
  return (
    <InfoBox tone="amber" title="Journeys HMRC does not count" testId={testId}>
      <p>
        HMRC gives relief only for business travel, never for ordinary commuting. From your answers, these
        journeys are left out of your claim and your mileage log:
      </p>
      <ul className="space-y-3">
        {out.map((o) => (
          <li key={o.journey.id} data-testid={`${testId}-${o.number}`}>
            <p className="font-semibold">
              Journey {o.number}: {o.journey.startAddress} to {o.journey.endAddress}
            </p>
            <p>{partText(o.part, o.changesOn)}</p>
            <p>{o.decision.reason}</p>
          </li>
        ))}
      </ul>
    </InfoBox>
  );
}

/**
 * Decision 084: the miles the business-journey test takes off a year's claim for a place answered
 * on the mileage step, each with the decision's reason; where a year still claims them (the claim
 * was raised since), the message and the figure to claim instead, as for a log's left-out miles.
 */
export function LeftOutStepMiles({
  snapshot,
  testId = 'left-out-step-miles',
  errors = {},
  onClaim,
}: {
  snapshot: WizardSnapshot;
  testId?: string;
  errors?: Record<string, string>;
  /** Lower the year's claim to the miles it may claim (the evidence step offers it). */
  onClaim?: (year: string, employmentId: string, miles: number) => void;
}) {
  const out = stepPlaceDeductions(snapshot).filter((d) => d.leftOutMiles > 0);
  if (out.length === 0) return null;
  const claimed = stepLeftOutMilesClaimed(snapshot);
  return (
    <InfoBox tone="amber" title="Miles HMRC does not count" testId={testId}>
      <p>
        HMRC gives relief only for business travel, never for ordinary commuting. From your answers about the
        places you drove to regularly, these miles are left out of your claim:
      </p>
      <ul className="space-y-3">
        {out.map((d) => {
          const field = stepLeftOutMilesField(d);
          const still = claimed.find((m) => stepLeftOutMilesField(m) === field);
          const { errorId } = fieldMessageIds(fieldId(field), null, errors[field]);
          return (
            <li key={field} data-testid={`${testId}-${d.year.replace('/', '-')}-${d.employmentId}`}>
              <p>{stepLeftOutText(d)}</p>
              <p className="font-semibold">
                Your claim for {d.year}: {formatNumber(d.claimableMiles)} miles, not{' '}
                {formatNumber(d.statedMiles)}.
              </p>
              <FieldMessages id={fieldId(field)} error={errors[field]} />
              {still && onClaim && (
                <Button
                  variant="secondary"
                  id={fieldId(field)}
                  aria-describedby={errorId}
                  onClick={() => onClaim(d.year, d.employmentId, d.claimableMiles)}
                >
                  Claim {formatNumber(d.claimableMiles)} miles for {d.year}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </InfoBox>
  );
}
