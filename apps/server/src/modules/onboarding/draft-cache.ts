import type { WizardStepId } from '@taxback/domain';
import type { WizardSnapshot } from '@taxback/domain/schemas';
import type { ClaimTracking } from './repository.ts';

/**
 * What this process last wrote (or read) of a draft, at that revision (decision 040). A draft's
 * revision only moves forward and each one is written once, so a copy kept at revision N is the
 * stored draft at N on every instance; a save made against N can then be checked and written with
 * one UPDATE and no read first. A copy that is stale (another instance saved, the draft was
 * submitted or purged) only makes that UPDATE touch no row, and the save then reads the row as
 * before. Nothing here is ever the only copy of anything.
 */
export interface KnownDraft {
  revision: number;
  snapshot: WizardSnapshot;
  /** The stored snapshot is the current schema's (false: it must be written whole, upgraded). */
  current: boolean;
  /** The stored `checked_on` ('' for none): the UPDATE is made only while the row still has it. */
  checkedOn: string;
  lastStepCompleted: WizardStepId | null;
  /** The indexed contact columns as stored (a column in SET costs its index an update). */
  indexed: { full_name: string | null; email: string | null; mobile_number: string | null };
  tracking: ClaimTracking;
  lastActivityAt: string | null;
}

/** Drafts recently saved here, least recently used first; at most `max` of them. */
export function createDraftCache(max = 5_000) {
  const drafts = new Map<string, KnownDraft>();
  return {
    /** The copy of the session's draft at `revision`, if this process holds that one. */
    at(sessionId: string, revision: number): KnownDraft | undefined {
      const draft = drafts.get(sessionId);
      if (draft === undefined || draft.revision !== revision) return undefined;
      drafts.delete(sessionId);
      drafts.set(sessionId, draft);
      return draft;
    },
    remember(sessionId: string, draft: KnownDraft): void {
      drafts.delete(sessionId);
      drafts.set(sessionId, draft);
      if (drafts.size > max) {
        const oldest = drafts.keys().next().value;
        if (oldest !== undefined) drafts.delete(oldest);
      }
    },
    forget(sessionId: string): void {
      drafts.delete(sessionId);
    },
  };
}
export type DraftCache = ReturnType<typeof createDraftCache>;
