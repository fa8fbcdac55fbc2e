import { caseYears, summariseClaim, withCaseSelfAssessment } from '@taxback/domain';
import type { CaseYears, RebateSummary, WizardSnapshot } from '@taxback/domain';
import type { ServerData } from './server-data.ts';

// Issue 42 (D38, D31): a mileage claim started from a funnel claim's details is one case with it.
// HMRC measures each tax year on every kind together, so the wizard reads its figures from the
// domain's case function, over the snapshot and the funnel claim's details the server sent.

/** The case's years across kinds, or null when this mileage claim is a claim of its own. */
export function caseFiguresOf(
  snapshot: WizardSnapshot,
  server: Pick<ServerData, 'caseDetails'>,
): CaseYears | null {
  if (!server.caseDetails) return null;
  return caseYears({ mileage: snapshot, details: server.caseDetails });
}

/** The claim's own figures, each year its case makes a Self Assessment year marked so. */
export function claimSummaryOf(
  snapshot: WizardSnapshot,
  server: Pick<ServerData, 'caseDetails'>,
): RebateSummary {
  const summary = summariseClaim(snapshot);
  const figures = caseFiguresOf(snapshot, server);
  return figures ? withCaseSelfAssessment(summary, figures.selfAssessmentYears) : summary;
}
