import {
  checkLogJourneys,
  datePartsToIso,
  isLogEmploymentId,
  journeysOf,
  mileageLogFileBase,
  mileageLogKey,
  parseMileageLogFilename,
  leavePeriodsOf,
  logJourneysOf,
  selectedYears,
  ukIsoDate,
  vehicleOf,
} from '@taxback/domain';
import type { TaxYear } from '@taxback/domain';
import { fieldErrors, journeySchema, MESSAGES } from '@taxback/domain/schemas';
import { ValidationError } from '../../errors.ts';
import type { LogLink } from './claim-files.ts';
import { readSnapshot } from './claim-columns.ts';
import { listClaimFiles } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext } from './service-context.ts';

// The generated mileage logs (D12, D25): a dated PDF and CSV per year, kept as that year's evidence.

export function mileageLogOperations(ctx: OnboardingContext) {
  const { deps, now } = ctx;
  const { db, files } = deps;

  return {
    /**
     * D12, D25: the dated PDF and CSV log per selected year (or for `taxYear` alone, or for one
     * employment's `taxYear`: issue 31), stored as that year's evidence; the earlier log it
     * replaces goes, other years' and other employments' evidence is left alone.
     */
    async generateMileageLogs(sessionId: string, taxYear?: string, employmentId?: string) {
      const claim = await ctx.requireDraft(sessionId);
      const snapshot = readSnapshot(claim.snapshot, claim.snapshot_version);
      if (snapshot.journeys.length === 0)
        throw new ValidationError({ journeys: ONBOARDING_MESSAGES.noJourneys });
      const years = selectedYears(snapshot).map((t) => t.year);
      // The browser checks the same rules before it asks (the domain's checkLogJourneys).
      const { errors, valid: journeys } = checkLogJourneys(snapshot.journeys, years, ukIsoDate(now()), {
        journeySchema,
        fieldErrors,
      });
      if (years.length === 0) errors.taxYears = MESSAGES.taxYearsRequired;
      if (taxYear !== undefined && !years.includes(taxYear)) errors.taxYear = MESSAGES.taxYearInvalid;
      if (employmentId !== undefined && !canLogEmployment(snapshot, journeys, taxYear, employmentId))
        errors.employmentId = MESSAGES.logEmploymentInvalid;
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const logYears = taxYear === undefined ? years : [taxYear];

      // D25: the nation's bank holidays follow the home postcode; the declared leave is left out.
      const docs = await deps.documents.mileageLog({
        claimant: { fullName: claim.full_name ?? '', postcode: snapshot.personalInfo.postcode },
        journeys,
        years: logYears,
        vehicle: vehicleOf(snapshot),
        // One log per employment that has journeys, each from its own page (D25).
        employments: snapshot.employments.flatMap((e) => {
          if (employmentId !== undefined && e.id !== employmentId) return [];
          const mine = journeysOf({ journeys, employments: snapshot.employments }, e.id);
          if (mine.length === 0) return [];
          // Decision 077: journeys to a permanent workplace are left out (as logMilesMismatches does).
          const own = logJourneysOf(mine, snapshot.workplaces);
          return [
            {
              employerName: e.employerName,
              end: e.continuing === 'no' ? datePartsToIso(e.endDate) : null,
              journeys: own,
            },
          ];
        }),
        leave: leavePeriodsOf(snapshot.leave),
        generatedAt: now(),
      });

      const logs: Record<TaxYear, { pdf: LogLink; csv: LogLink }> = {};
      const keep = new Set<string>();
      for (const doc of docs) {
        const base = mileageLogFileBase(doc.year, employmentId);
        const save = (bytes: Uint8Array, filename: string, contentType: string) =>
          files.saveFile({
            sessionId,
            claimKind: 'onboarding',
            kind: 'mileage-log',
            taxYear: doc.year,
            bytes,
            filename,
            contentType,
          });
        const pdf = await save(doc.pdf, `${base}.pdf`, 'application/pdf');
        const csv = await save(Buffer.from(doc.csv, 'utf8'), `${base}.csv`, 'text/csv');
        keep.add(pdf.id).add(csv.id);
        logs[mileageLogKey(doc.year, employmentId)] = {
          pdf: { id: pdf.id, url: pdf.url, filename: pdf.filename },
          csv: { id: csv.id, url: csv.url, filename: csv.filename },
        };
      }
      // A regenerated log replaces the earlier one (and logs of years no longer selected):
      // building every year's replaces every log; one year's, that year's (its employments' too,
      // which the year's log now covers); one employment's year, that employment's log of the year
      // alone (a log of the whole year stays: it is the other employments' evidence too).
      const replaces = (r: { tax_year: string; filename: string }) => {
        if (!years.includes(r.tax_year) || taxYear === undefined) return true;
        if (r.tax_year !== taxYear) return false;
        return (
          employmentId === undefined || parseMileageLogFilename(r.filename)?.employmentId === employmentId
        );
      };
      await db.transaction().execute(async (trx) => {
        const stale = (await listClaimFiles(trx, sessionId)).filter(
          (r) => r.kind === 'mileage-log' && !keep.has(r.id) && replaces(r),
        );
        for (const row of stale) await files.deleteFile(row.id, sessionId, trx);
        await ctx.refreshFileColumns(trx, sessionId);
      });
      return { logs };
    },
  };
}

/** Issue 31: an employment can have its own log for a year it works in, with journeys of its own. */
function canLogEmployment(
  snapshot: ReturnType<typeof readSnapshot>,
  journeys: ReturnType<typeof checkLogJourneys>['valid'],
  taxYear: string | undefined,
  employmentId: string,
): boolean {
  if (taxYear === undefined || !isLogEmploymentId(employmentId)) return false;
  const year = selectedYears(snapshot).find((t) => t.year === taxYear);
  if (!year?.jobs.some((j) => j.employmentId === employmentId)) return false;
  return journeysOf({ journeys, employments: snapshot.employments }, employmentId).length > 0;
}
