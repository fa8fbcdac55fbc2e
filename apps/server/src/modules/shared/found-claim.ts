import type { GeneralDetails, ReadinessItem } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import type { ClaimKind, Row } from '../../db/database.ts';

// A claim as a module acting on it found it (either kind, with its case mate): shared by the
// casework, the invoices and client money, which act on a case under the same rules.

/**
 * Issue 42 (D38): the other claim of a claim's case, as the case's years read it: the funnel
 * claim's details, or the mileage claim's snapshot once it is submitted (a draft claims nothing).
 */
export type CaseMate =
  | {
      kind: 'general';
      id: string;
      sessionId: string;
      reference: string;
      status: string;
      details: GeneralDetails | null;
    }
  | {
      kind: 'mileage';
      id: string;
      sessionId: string;
      reference: string | null;
      status: string;
      snapshot: WizardSnapshot | null;
      /** Migration 042 (D38): it follows the case, so its readiness is the case's too. */
      follows: boolean;
      /** Its own readiness list (readinessOfMileage), the case's Self Assessment years included. */
      readiness: ReadinessItem[];
    };

type FoundCase = { caseMate?: CaseMate | null };
export type Found =
  | ({
      kind: 'general';
      row: Row<'form_responses'>;
      sessionId: string;
      status: string;
      version: number;
    } & FoundCase)
  | ({
      kind: 'mileage';
      row: Row<'onboarding_claims'>;
      sessionId: string;
      status: string;
      version: number;
    } & FoundCase);

/** Migration 034: a case's id is its first claim's id; a claim alone is its own case. */
export const caseIdOf = (found: Found): string => found.row.case_id ?? found.row.id;

export const claimKindOf = (kind: 'general' | 'mileage'): ClaimKind =>
  kind === 'general' ? 'general' : 'onboarding';
