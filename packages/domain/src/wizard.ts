/** The mileage wizard plan (SPEC §2): steps 0-11, 11 being the confirmation. */
export type WizardStepId =
  | 'eligibility'
  | 'employment'
  | 'personal'
  | 'tax-years'
  | 'vehicle'
  | 'mileage'
  | 'congratulations'
  | 'employer-rate'
  | 'evidence'
  | 'review'
  | 'admin'
  | 'confirmation';

export interface WizardStep {
  index: number;
  id: WizardStepId;
  title: string;
}

export const WIZARD_STEPS: readonly WizardStep[] = [
  { index: 0, id: 'eligibility', title: 'Do you drive for work purposes?' },
  { index: 1, id: 'employment', title: 'What is your employment type?' },
  { index: 2, id: 'personal', title: 'Your personal details' },
  { index: 3, id: 'tax-years', title: 'Which tax years do you want to claim for?' },
  { index: 4, id: 'vehicle', title: 'What type of vehicle do you use?' },
  { index: 5, id: 'mileage', title: 'Your business mileage' },
  { index: 6, id: 'congratulations', title: 'Congratulations' },
  { index: 7, id: 'employer-rate', title: 'How much does your employer pay per mile?' },
  { index: 8, id: 'evidence', title: 'Evidence of your business mileage' },
  { index: 9, id: 'review', title: 'Review and sign' },
  { index: 10, id: 'admin', title: 'Administrative details' },
  { index: 11, id: 'confirmation', title: 'Claim submitted' },
];

export const FIRST_STEP = 0;
export const CONFIRMATION_STEP = 11;
/** The step whose completion submits the claim. */
export const SUBMIT_STEP = 10;
/** Steps that move on by themselves after a choice, without validation (SPEC §4). */
export const AUTO_ADVANCE_STEPS: readonly number[] = [0, 1, 4];

export const AUTO_ADVANCE_MS = 800;
export const CONGRATS_ADVANCE_MS = 5000;
export const CLAIM_REDIRECT_MS = 3000;

export type DrivesForWork = 'yes' | 'company-vehicle' | 'no';
export type EmploymentType = 'employed' | 'self-employed' | 'cis';

export const DRIVES_FOR_WORK_OPTIONS: readonly { id: DrivesForWork; label: string }[] = [
  { id: 'yes', label: 'Yes, I use my own vehicle' },
  { id: 'company-vehicle', label: 'Yes, I use a company vehicle' },
  { id: 'no', label: 'No' },
];

export const EMPLOYMENT_TYPES: readonly { id: EmploymentType; label: string }[] = [
  { id: 'employed', label: 'Employed (PAYE)' },
  { id: 'self-employed', label: 'Self-employed' },
  { id: 'cis', label: 'CIS subcontractor' },
];

export const VEHICLE_OPTIONS: readonly { id: 'car-van' | 'motorbike' | 'bicycle'; label: string }[] = [
  { id: 'car-van', label: 'Car or van' },
  { id: 'motorbike', label: 'Motorbike' },
  { id: 'bicycle', label: 'Bicycle' },
];

export const VRM_MAX_LENGTH = 8;

/** Vehicle registration: uppercase, letters and digits only, at most 8 characters. */
export function sanitiseVrm(s: string): string {
  return s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, VRM_MAX_LENGTH);
}

export function isWizardStepIndex(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= FIRST_STEP && n <= CONFIRMATION_STEP;
}

export function wizardStep(index: number): WizardStep | undefined {
  return WIZARD_STEPS[index];
}

function clampStep(n: number): number {
  if (!Number.isFinite(n)) return FIRST_STEP;
  return Math.min(CONFIRMATION_STEP, Math.max(FIRST_STEP, Math.floor(n)));
}

export function nextStep(current: number): number {
  return clampStep(clampStep(current) + 1);
}

export function previousStep(current: number): number {
  return clampStep(clampStep(current) - 1);
}
