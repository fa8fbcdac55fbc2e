import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { claimableTaxYears, isTaxYear, isWfhClaimableYear, uploadFileName } from '@taxback/domain';
import type { DetailsEvidence } from '@taxback/domain/api/responses';
import { DETAILS_MESSAGES, isDetailsEvidenceSection } from '@taxback/domain/general-details-schemas';
import type { Database } from '../../db/database.ts';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import type { FilesService, StagedUpload } from '../files/index.ts';
import { FILE_TYPE_MESSAGES, sniffUploadType } from '../onboarding/index.ts';
import { DETAILS_SIGNED_MESSAGE, evidenceOf } from './details.ts';

// Decision 052: receipts and proof for a funnel claim's expenses, uploaded in the details journey
// through the wizard's upload path (streamed into the private store, 10 MB, the type sniffed from
// the bytes with the evidence rules, kept or discarded whole), recorded as 'evidence' files of the
// claim's session with the expense they are for (migration 029). Only before the details are signed.

export function createDetailsFiles(deps: { db: Kysely<Database>; files: FilesService; now: () => Date }) {
  const { db, files } = deps;

  /** The session's funnel claim, still open for changes (404 without one, 409 once signed). */
  async function openClaim(sessionId: string): Promise<void> {
    const row = await db
      .selectFrom('form_responses')
      .select('details_signed_at')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    if (row.details_signed_at !== null) throw new ConflictError(DETAILS_SIGNED_MESSAGE);
  }

  /** The section and year asked for, or the field messages (a year must be claimable; WFH to 2025/26). */
  function checkFields(fields: { section?: string | undefined; taxYear?: string | undefined }) {
    const errors: Record<string, string> = {};
    const section = isDetailsEvidenceSection(fields.section) ? fields.section : null;
    if (!section) errors.section = DETAILS_MESSAGES.evidenceSection;
    const year = fields.taxYear?.trim() ?? '';
    const claimable = claimableTaxYears(deps.now()).map((y) => y.year);
    if (year === '' && section !== 'wfh') errors.taxYear = DETAILS_MESSAGES.evidenceYear;
    else if (year !== '' && (!isTaxYear(year) || !claimable.includes(year)))
      errors.taxYear = DETAILS_MESSAGES.evidenceYear;
    else if (year !== '' && section === 'wfh' && !isWfhClaimableYear(year))
      errors.taxYear = DETAILS_MESSAGES.wfhYear(year);
    if (Object.keys(errors).length > 0 || !section) throw new ValidationError(errors);
    return { section, taxYear: year };
  }

  async function save(
    sessionId: string,
    input: {
      section?: string | undefined;
      taxYear?: string | undefined;
      filename: string;
      file: StagedUpload;
    },
  ): Promise<DetailsEvidence> {
    await openClaim(sessionId);
    const { section, taxYear } = checkFields(input);
    if (input.file.size === 0) throw new ValidationError({ file: 'The selected file is empty' });
    const sniffed = await sniffUploadType(input.file.head, input.filename, 'evidence', input.file.partial);
    if (!sniffed) throw new UnsupportedMediaTypeError(FILE_TYPE_MESSAGES.evidence);
    const saved = await files.saveFile({
      sessionId,
      claimKind: 'general',
      kind: 'evidence',
      taxYear: taxYear === '' ? null : taxYear,
      bytes: input.file,
      filename: uploadFileName(input.filename, sniffed.ext),
      contentType: sniffed.mime,
      expenseSection: section,
    });
    const evidence = evidenceOf(saved);
    // The same bytes stored before for another expense: that record stands (one file, one purpose).
    if (!evidence || evidence.section !== section)
      throw new ValidationError({ file: 'You have already uploaded this file for another expense' });
    return evidence;
  }

  return {
    /** Streams the upload into the store (after the claim check, so nothing is stored for a signed claim). */
    async stage(sessionId: string, stream: Readable): Promise<StagedUpload> {
      await openClaim(sessionId);
      return files.stage(stream);
    },
    discard: (staged: StagedUpload) => files.discard(staged),

    async upload(
      sessionId: string,
      input: {
        section?: string | undefined;
        taxYear?: string | undefined;
        filename: string;
        file: StagedUpload;
      },
    ): Promise<DetailsEvidence> {
      try {
        return await save(sessionId, input);
      } catch (error) {
        await files.discard(input.file);
        throw error;
      }
    },

    async remove(sessionId: string, id: string): Promise<void> {
      const file = await files.findFile(id, sessionId);
      if (!file || !evidenceOf(file)) throw new NotFoundError();
      await openClaim(sessionId);
      await files.deleteFile(id, sessionId);
    },

    async list(sessionId: string): Promise<DetailsEvidence[]> {
      return (await files.listFiles(sessionId, { kind: 'evidence' }))
        .map(evidenceOf)
        .filter((e): e is DetailsEvidence => e !== null);
    },
  };
}

export type DetailsFiles = ReturnType<typeof createDetailsFiles>;
