import { createContext, useContext } from 'react';
import type { TaxYearEntry, WizardSnapshot } from './lib/snapshot.ts';
import type { SaveStatus } from './lib/outbox.ts';
import type { WizardState } from './hooks/use-wizard-state.ts';

type SectionKey = 'eligibilityData' | 'employmentDetails' | 'personalInfo' | 'vehicleInfo';

export interface WizardController {
  sessionId: string;
  state: WizardState;
  saveStatus: SaveStatus;
  update<K extends SectionKey>(section: K, patch: Partial<WizardSnapshot[K]>): void;
  updateYear(year: string, patch: Partial<Omit<TaxYearEntry, 'year'>>): void;
  setEmployerRate(pence: number): void;
  /** Validate the current step with the shared schema; advance and save when it passes. */
  continueStep(): boolean;
  /** Advance and save without validation (the auto-advancing choice steps 0, 1, 4 and step 6). */
  advance(): void;
  back(): void;
  /** Save the current step without moving ('Save and finish later'). */
  saveHere(): void;
  /** Wait until every queued save is acknowledged (false on failure or timeout). */
  flushSaves(timeoutMs?: number): Promise<boolean>;
  showErrors(errors: Record<string, string>): void;
}

export const WizardContext = createContext<WizardController | null>(null);

export function useWizard(): WizardController {
  const ctx = useContext(WizardContext);
  if (!ctx) throw new Error('useWizard must be used inside the onboarding page');
  return ctx;
}
