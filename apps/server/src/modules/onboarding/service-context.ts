import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_UPLOAD_BYTES, SAVE_CONFLICT_MESSAGES, UPLOAD_MESSAGES } from '@taxback/domain';
import type { AuthorityTerms } from '@taxback/domain';
import type { AppKeys } from '../../crypto/keys.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import type { DbDialect } from '../../db/connect.ts';
import type { Database, Row } from '../../db/database.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import { fileUrl } from '../files/index.ts';
import type { FilesService } from '../files/index.ts';
import type { ResumeService } from '../resume/index.ts';
import { evidenceColumn } from './claim-files.ts';
import { findClaimBySession, listClaimFiles, updateDraftClaim } from './repository.ts';

// What every part of the onboarding service shares: its dependencies, its messages, and the
// lookups that guard each operation (the claim exists; it is still a draft).

export const ONBOARDING_MESSAGES = {
  notFound: 'Not found',
  ...SAVE_CONFLICT_MESSAGES,
  cannotSubmit: 'This claim cannot be submitted.',
  noJourneys: 'Please go back and add at least one business journey to generate your mileage log.',
  fileTooLarge: UPLOAD_MESSAGES.tooLarge,
  fileMissing: UPLOAD_MESSAGES.missing,
  fileEmpty: UPLOAD_MESSAGES.empty,
  kindInvalid: 'Choose whether this file is evidence or your P60',
  taxYearInvalid: 'Choose the tax year this evidence is for',
  p60Missing: 'The P60 file could not be found. Please upload it again.',
} as const;

export { MAX_UPLOAD_BYTES };

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface OnboardingServiceDeps {
  db: Kysely<Database>;
  /** For the claim's lock while it is signed (locks.ts). */
  dialect: DbDialect;
  files: FilesService;
  /** Renders the mileage logs off the request thread (decision 029). */
  documents: DocumentRenderer;
  keys: AppKeys;
  resume: ResumeService;
  log: FastifyBaseLogger;
  /** D19: our company and fee as configured, printed on the authority the claimant signs. */
  terms: AuthorityTerms;
  /** Tells the claimant their claim arrived (a job, in the submit's transaction). */
  notices: ClaimNotices;
  now?: () => Date;
}

/** What the parts of the onboarding service are built from. */
export interface OnboardingContext {
  deps: OnboardingServiceDeps;
  now: () => Date;
  requireClaim(sessionId: string): Promise<Row<'onboarding_claims'>>;
  requireDraft(sessionId: string): Promise<Row<'onboarding_claims'>>;
  /** Files changed: refresh the claim's evidence_files (and P60) columns from stored_files. */
  refreshFileColumns(trx: Kysely<Database>, sessionId: string): Promise<void>;
}

export function onboardingContext(deps: OnboardingServiceDeps): OnboardingContext {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireClaim(sessionId: string): Promise<Row<'onboarding_claims'>> {
    const claim = await findClaimBySession(db, sessionId);
    if (!claim) throw new NotFoundError(ONBOARDING_MESSAGES.notFound);
    return claim;
  }

  async function requireDraft(sessionId: string): Promise<Row<'onboarding_claims'>> {
    const claim = await requireClaim(sessionId);
    if (claim.status !== 'draft') {
      throw new ConflictError(ONBOARDING_MESSAGES.alreadySubmitted, { revision: Number(claim.revision) });
    }
    return claim;
  }

  async function refreshFileColumns(trx: Kysely<Database>, sessionId: string): Promise<void> {
    const rows = await listClaimFiles(trx, sessionId);
    const p60 = rows.filter((r) => r.kind === 'p60').at(-1);
    const at = nowIso(now());
    await updateDraftClaim(trx, sessionId, {
      evidence_files: evidenceColumn(rows),
      p60_file_url: p60 ? fileUrl(p60.id) : null,
      p60_filename: p60 ? p60.filename : null,
      updated_at: at,
      last_activity_at: at,
    });
  }

  return { deps, now, requireClaim, requireDraft, refreshFileColumns };
}
