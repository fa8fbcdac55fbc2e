import { createContext, useContext } from 'react';
import type { Journey, LeaveDraft, WizardStepId, WorkplaceAnswers } from '@taxback/domain';
import type { Employment, EmploymentYear, TaxYearEntry, WizardSnapshot } from '@taxback/domain';
import type { LogLink, MileageLogFiles, UploadedFile } from './lib/server-data.ts';
import type { SaveStatus } from './lib/outbox.ts';
import type { SubmitAnswer } from './lib/wizard-api.ts';
import type { WizardState } from './hooks/use-wizard-state.ts';
import type { SignatureValue } from '../../components/authority/signature-value.ts';

type SectionKey = 'eligibilityData' | 'employmentDetails' | 'personalInfo' | 'vehicleInfo';

export interface WizardController {
  sessionId: string;
  state: WizardState;
  saveStatus: SaveStatus;
  update<K extends SectionKey>(section: K, patch: Partial<WizardSnapshot[K]>): void;
  updateYear(
    year: string,
    patch: Partial<
      Pick<TaxYearEntry, 'selected' | 'employersConnected' | 'incomeBand' | 'taxablePay' | 'taxPaid'>
    >,
  ): void;
  /** D21: whether the claimant pays Scottish income tax. */
  setScottishTaxpayer(value: WizardSnapshot['scottishTaxpayer']): void;
  /** One employment's answers in one tax year (vehicle, miles, what the employer paid). */
  updateJob(year: string, employmentId: string, patch: Partial<Omit<EmploymentYear, 'employmentId'>>): void;
  /** The employments (D17); every year's jobs follow them. */
  setEmployments(employments: Employment[]): void;
  /** Check your answers: go to `step` to change an answer, and come back after (D17). */
  changeAnswer(step: WizardStepId): void;
  /** Validate the current step with the shared schema; advance and save when it passes. */
  continueStep(): boolean;
  /** Advance and save without validation (the auto-advancing choice steps 0, 1, 4 and step 6). */
  advance(): void;
  back(): void;
  /** Save the current step without moving ('Save and finish later'). */
  saveHere(): void;
  /** Wait until every queued save is acknowledged (false on failure or timeout). */
  flushSaves(timeoutMs?: number): Promise<boolean>;
  /**
   * Send the snapshot as it is now without completing the step, and wait for the server
   * (the journeys before 'Generate Log', the consents before the signature).
   */
  saveDraftNow(timeoutMs?: number): Promise<boolean>;
  showErrors(errors: Record<string, string>): void;

  // Steps 8-11 and the mileage-log builder.
  setJourneys(journeys: Journey[]): void;
  /** D25: the periods of leave the mileage log leaves out. */
  setLeave(leave: LeaveDraft[]): void;
  /** D39, decision 077: the business-journey test's answers for the regular places. */
  setWorkplaces(workplaces: WorkplaceAnswers[]): void;
  setAgreement(patch: Partial<WizardSnapshot['agreementChecks']>): void;
  /** Memory only (D10). */
  setSignature(signature: SignatureValue | null): void;
  /** Memory only (D10). */
  setNiNumber(niNumber: string): void;
  evidenceAdded(year: string, file: UploadedFile): void;
  fileRemoved(id: string): void;
  setMileageLogs(logs: Record<string, MileageLogFiles>): void;
  setP60(file: UploadedFile | null): void;
  setSignatureUrl(url: string, authority?: LogLink | null): void;
  /** Open the mileage-log builder for one year's log (every selected year's without one). */
  /** The log builder, for a year (and one employment's year, issue 31), or for every year. */
  enterRebuild(year?: string, employmentId?: string): void;
  rebuildReview(): void;
  exitRebuild(): void;
  /** The server confirmed the submission: clear the outbox and show the confirmation. */
  submitted(answer: SubmitAnswer): void;
}

export const WizardContext = createContext<WizardController | null>(null);

export function useWizard(): WizardController {
  const ctx = useContext(WizardContext);
  if (!ctx) throw new Error('useWizard must be used inside the onboarding page');
  return ctx;
}
