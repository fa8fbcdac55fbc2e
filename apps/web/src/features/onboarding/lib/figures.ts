import { calculateRebate, type RebateSummary, type VehicleType } from '@taxback/domain';
import { selectedYears, type WizardSnapshot } from './snapshot.ts';

/** The vehicle the figures use: SPEC §3 stores car-van by default until one is chosen. */
export function vehicleOf(snapshot: WizardSnapshot): VehicleType {
  return snapshot.vehicleInfo.type || 'car-van';
}

/** Every figure the wizard shows comes from the domain (D3), per selected tax year. */
export function summariseClaim(snapshot: WizardSnapshot): RebateSummary {
  return calculateRebate({
    years: selectedYears(snapshot).map((y) => ({ year: y.year, miles: y.businessMiles })),
    vehicle: vehicleOf(snapshot),
    employerRatePence: snapshot.employerMileageRate,
  });
}

/** The rebate at 20% for one year alone (the impact panel's per-year line). */
export function yearRebate(snapshot: WizardSnapshot, year: string, miles: number): number {
  return calculateRebate({
    years: [{ year, miles }],
    vehicle: vehicleOf(snapshot),
    employerRatePence: snapshot.employerMileageRate,
  }).rebate20;
}
