import type { Readable } from 'node:stream';
import { claimableTaxYears, isTaxYear, uploadFileName } from '@taxback/domain';
import { NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import type { StagedUpload } from '../files/index.ts';
import { summarise } from './claim-files.ts';
import type { FileSummary } from './claim-files.ts';
import { FILE_TYPE_MESSAGES, sniffUploadType } from './file-type-check.ts';
import type { UploadKind } from './file-type-check.ts';
import { findClaimFile, listClaimFiles } from './repository.ts';
import { ONBOARDING_MESSAGES } from './service-context.ts';
import type { OnboardingContext } from './service-context.ts';

// Evidence and P60 uploads: streamed into the store, checked, kept or discarded whole; and their
// removal. Each change refreshes the claim's file columns.

export function uploadOperations(ctx: OnboardingContext) {
  const { deps, now } = ctx;
  const { db, files } = deps;

  async function saveUpload(
    sessionId: string,
    input: { kind: string | undefined; taxYear: string | undefined; filename: string; file: StagedUpload },
  ): Promise<FileSummary> {
    await ctx.requireDraft(sessionId);
    const errors: Record<string, string> = {};
    const kind = input.kind === 'evidence' || input.kind === 'p60' ? (input.kind as UploadKind) : null;
    if (!kind) errors.kind = ONBOARDING_MESSAGES.kindInvalid;
    let taxYear: string | null = null;
    if (kind === 'evidence') {
      const claimable = claimableTaxYears(now()).map((y) => y.year);
      const y = input.taxYear?.trim() ?? '';
      if (!isTaxYear(y) || !claimable.includes(y)) errors.taxYear = ONBOARDING_MESSAGES.taxYearInvalid;
      else taxYear = y;
    }
    if (input.file.size === 0) errors.file = ONBOARDING_MESSAGES.fileEmpty;
    if (Object.keys(errors).length > 0 || !kind) throw new ValidationError(errors);

    const sniffed = await sniffUploadType(input.file.head, input.filename, kind, input.file.partial);
    if (!sniffed) throw new UnsupportedMediaTypeError(FILE_TYPE_MESSAGES[kind]);

    return files.saveFileWith(
      {
        sessionId,
        claimKind: 'onboarding',
        kind,
        taxYear,
        bytes: input.file,
        filename: uploadFileName(input.filename, sniffed.ext),
        contentType: sniffed.mime,
      },
      async (trx, file) => {
        if (kind === 'p60') {
          // One P60 per claim: a new upload replaces the previous one.
          const older = (await listClaimFiles(trx, sessionId)).filter(
            (r) => r.kind === 'p60' && r.id !== file.id,
          );
          for (const row of older) await files.deleteFile(row.id, sessionId, trx);
        }
        await ctx.refreshFileColumns(trx, sessionId);
        return summarise(file);
      },
    );
  }

  return {
    async uploadFile(
      sessionId: string,
      input: { kind: string | undefined; taxYear: string | undefined; filename: string; file: StagedUpload },
    ): Promise<FileSummary> {
      // The bytes are in the store already (streamed in, never held whole); any refusal deletes them.
      try {
        return await saveUpload(sessionId, input);
      } catch (error) {
        await files.discard(input.file);
        throw error;
      }
    },

    /** Streams an upload into the file store for uploadFile (after a draft check, so nothing is stored for a submitted claim). */
    async stageUpload(sessionId: string, stream: Readable): Promise<StagedUpload> {
      await ctx.requireDraft(sessionId);
      return files.stage(stream);
    },

    discardUpload: (staged: StagedUpload) => files.discard(staged),

    async deleteFile(sessionId: string, fileId: string): Promise<void> {
      const row = await findClaimFile(db, sessionId, fileId);
      if (!row || row.kind === 'signature') throw new NotFoundError();
      await ctx.requireDraft(sessionId);
      await db.transaction().execute(async (trx) => {
        await files.deleteFile(row.id, sessionId, trx);
        await ctx.refreshFileColumns(trx, sessionId);
      });
    },
  };
}
