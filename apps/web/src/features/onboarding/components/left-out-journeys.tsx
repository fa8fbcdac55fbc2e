import { formatIsoDate, leftOutJourneys, type Journey, type WorkplaceAnswers } from '@taxback/domain';
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
