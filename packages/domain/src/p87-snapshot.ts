import { datePartsToIso } from './dates.ts';
import type { P87Input } from './p87-readiness.ts';
import { jobVehicle, selectedYears, summariseClaim, type WizardSnapshot } from './wizard-snapshot.ts';

// The wizard's snapshot as the P87 readiness list reads it (D17). Apart from wizard-snapshot.ts so
// the readiness rules (which read generated logs of a snapshot) and the snapshot import no circle.

/** D17: the P87 answers a snapshot holds, for the readiness list (the NI number is held apart). */
export function p87InputOfSnapshot(snapshot: WizardSnapshot, hasNiNumber: boolean): P87Input {
  const p = snapshot.personalInfo;
  const years = selectedYears(snapshot);
  // D31: each year whose expenses are over £2,500 (none for a fuel claim, which has no AMAP figure).
  const selfAssessmentYears = summariseClaim(snapshot)
    .years.filter((y) => y.selfAssessmentRequired)
    .map((y) => y.year);
  return {
    selfAssessmentYears,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: datePartsToIso(p.dateOfBirth),
    hasNiNumber,
    address: p.homeAddress,
    postcode: p.postcode,
    phone: p.phone,
    email: p.email,
    employments: snapshot.employments.map((e) => ({
      employerName: e.employerName,
      payeReference: e.noPayeReference ? '' : e.payeReference,
      jobTitle: e.jobTitle,
      continuing: e.continuing === '' ? null : e.continuing === 'yes',
      endDate: datePartsToIso(e.endDate),
      years: years.flatMap((y) => {
        const job = y.jobs.find((j) => j.employmentId === e.id);
        if (!job || job.businessMiles <= 0) return [];
        return [
          {
            taxYear: y.year,
            vehicleType: jobVehicle(job, snapshot),
            businessMiles: job.businessMiles,
            employerPaidPencePerMile:
              job.paidKind === 'ppm' ? job.paidPencePerMile : job.paidKind === 'none' ? 0 : null,
            employerPaidTotalPence: job.paidKind === 'total' ? Math.round(job.paidTotalPounds * 100) : null,
          },
        ];
      }),
    })),
  };
}
