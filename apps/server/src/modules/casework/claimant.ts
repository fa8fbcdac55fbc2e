import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { UPLOAD_MESSAGES, uploadFileName } from '@taxback/domain';
import { CASEWORK_MESSAGES, emptyAnswerErrors } from '@taxback/domain/casework';
import type {
  AmendmentInput,
  AmendmentPreviewInput,
  ClaimantAnswersInput,
  ClaimantMessageInput,
} from '@taxback/domain/casework';
import type { AuthorityTerms } from '@taxback/domain';
import { amendClaim, previewAmendment } from './amendment.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import type { FilesService, StagedUpload } from '../files/index.ts';
import { FILE_TYPE_MESSAGES, sniffUploadType } from '../onboarding/index.ts';
import { createCaseworkRepository } from './repository.ts';
import { readThread } from './thread-view.ts';
import { LostRace, finishRequest, type ThreadClaim } from './reply.ts';

export { LostRace, finishRequest, type ThreadClaim } from './reply.ts';

// Issue 28 (D33), the claimant's side of the thread, after the status page's code sign-in: read
// it, write on it, upload files (the evidence rules) and answer an open request. Answering puts
// the claim back "in review" and marks it "reply received" for operators, in one transaction.

const staleError = (claim: ThreadClaim) =>
  new ConflictError(CASEWORK_MESSAGES.stale, { stale: true, version: claim.version, status: claim.status });

/** Files a claimant sends on the thread are kept apart from the wizard's evidence. */
export const REPLY_FILE_KIND = 'reply' as const;

/**
 * Issue 44: true when the claimant's draft with this key was stored already (a repeat of the same
 * send, at once or later), which then answers as the first did and stores nothing more.
 */
async function sentAlready(
  repo: ReturnType<typeof createCaseworkRepository>,
  claim: ThreadClaim,
  key: string | undefined,
): Promise<{ id: string } | undefined> {
  return key === undefined ? undefined : repo.messageByKey(claim.id, key);
}

/**
 * D33: answers to the open request `requestId`. All or nothing: every item answered (a
 * question in words, a document with a file or words), the request still open, the claim not
 * changed meanwhile; then the claim is back "in review", with "reply received" for operators.
 */
async function answerRequest(
  deps: {
    db: Kysely<Database>;
    repo: ReturnType<typeof createCaseworkRepository>;
    now: () => Date;
    replyFiles: (claim: ThreadClaim, ids: string[], field: string) => Promise<string[]>;
  },
  claim: ThreadClaim,
  input: ClaimantAnswersInput,
): Promise<void> {
  const { db, repo, now, replyFiles } = deps;
  if (await sentAlready(repo, claim, input.idempotencyKey)) return;
  const request = (await repo.requests(claim.id)).find((r) => r.id === input.requestId);
  if (!request) throw new NotFoundError('There is no such request on this claim');
  if (request.status !== 'open' || claim.status !== 'information-requested')
    throw new ConflictError(CASEWORK_MESSAGES.requestClosed, { status: claim.status });
  if (claim.version !== input.version) throw staleError(claim);
  const items = await repo.items([request.id]);
  const errors = emptyAnswerErrors(
    items.map((i) => ({ id: i.id, kind: i.kind === 'document' ? 'document' : 'question' })),
    input.answers,
  );
  // An item answered already (an amendment, signed on its own screens) needs nothing more.
  items.forEach((item, i) => {
    if (item.answer !== null) delete errors[`answers.${i}.answer`];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const answers = await Promise.all(
    items.flatMap((item, i) => {
      if (item.answer !== null) return [];
      const given = input.answers.find((a) => a.itemId === item.id);
      return [
        (async () => ({
          item,
          answer: given?.answer ?? '',
          fileIds: await replyFiles(claim, given?.fileIds ?? [], `answers.${i}.files`),
        }))(),
      ];
    }),
  );
  const at = nowIso(now());
  const ok = await db
    .transaction()
    .execute(async (trx) => {
      for (const a of answers)
        if (!(await repo.answerItem(trx, a.item.id, a.answer, a.fileIds))) throw new LostRace();
      const all = items.map((i) => answers.find((a) => a.item.id === i.id)?.answer ?? i.answer ?? '');
      await finishRequest(trx, claim, request.id, at, {
        body: all.filter((t) => t !== '').join('\n\n') || 'Files sent.',
        fileIds: answers.flatMap((a) => a.fileIds),
        idempotencyKey: input.idempotencyKey,
      });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof LostRace || isUniqueViolation(error)) return false;
      throw error;
    });
  if (!ok) throw staleError(claim);
}

export function createClaimantCasework(deps: {
  db: Kysely<Database>;
  files: FilesService;
  terms: AuthorityTerms;
  now: () => Date;
}) {
  const { db, files, now } = deps;
  const repo = createCaseworkRepository(db);

  const stale = staleError;

  function checkVersion(claim: ThreadClaim, version: number) {
    if (claim.version !== version) throw stale(claim);
  }

  /** The claimant's reply files among `ids`, or a field error naming `field`. */
  async function replyFiles(claim: ThreadClaim, ids: string[], field: string): Promise<string[]> {
    for (const id of ids) {
      const file = await files.findFile(id, claim.sessionId);
      if (!file || file.kind !== REPLY_FILE_KIND)
        throw new ValidationError({ [field]: CASEWORK_MESSAGES.fileUnknown });
    }
    return [...new Set(ids)];
  }

  return {
    thread: (claim: ThreadClaim) => readThread({ repo, files }, claim.id, 'claimant'),

    async addMessage(claim: ThreadClaim, input: ClaimantMessageInput) {
      const first = await sentAlready(repo, claim, input.idempotencyKey);
      if (first) return first;
      checkVersion(claim, input.version);
      const id = randomUUID();
      const at = nowIso(now());
      const ok = await db
        .transaction()
        .execute(async (trx) => {
          // Not a change to the claim (no new version), but it waits for an operator to read it.
          if (
            !(await repo.touchClaim(trx, claim.kind, claim.id, input.version, {
              at,
              unreadPlus: 1,
              bump: false,
            }))
          )
            return false;
          await repo.addMessage(trx, {
            id,
            claim_kind: claim.kind,
            claim_id: claim.id,
            author: 'claimant',
            operator_id: null,
            body: input.body,
            request_id: null,
            file_ids: '[]',
            created_at: at,
            idempotency_key: input.idempotencyKey ?? null,
          });
          return true;
        })
        .catch(async (error: unknown) => {
          // The same message sent at once: the first is stored, and this send is that one.
          if (isUniqueViolation(error))
            return (await sentAlready(repo, claim, input.idempotencyKey)) ?? false;
          throw error;
        });
      if (ok === false) throw stale(claim);
      return ok === true ? { id } : { id: ok.id };
    },

    /** Streams an upload into the store; `saveUpload` keeps it or discards it whole. */
    stage: (stream: Readable) => files.stage(stream),
    discard: (staged: StagedUpload) => files.discard(staged),

    async saveUpload(
      claim: ThreadClaim,
      input: { version: string | undefined; filename: string; file: StagedUpload },
    ) {
      try {
        checkVersion(claim, Number(input.version));
        if (input.file.size === 0) throw new ValidationError({ file: UPLOAD_MESSAGES.empty });
        const sniffed = await sniffUploadType(
          input.file.head,
          input.filename,
          'evidence',
          input.file.partial,
        );
        if (!sniffed) throw new UnsupportedMediaTypeError(FILE_TYPE_MESSAGES.evidence);
        const saved = await files.saveFile({
          sessionId: claim.sessionId,
          claimKind: claim.kind,
          kind: REPLY_FILE_KIND,
          taxYear: null,
          bytes: input.file,
          filename: uploadFileName(input.filename, sniffed.ext),
          contentType: sniffed.mime,
        });
        return {
          id: saved.id,
          filename: saved.filename,
          size: saved.size,
          url: `/api/status/files/${saved.id}`,
        };
      } catch (error) {
        await files.discard(input.file);
        throw error;
      }
    },

    /**
     * A file on this claim's thread (the claimant's own uploads), or null; D38: on a case's thread,
     * those sent on the threads of the claims that follow it, before they joined it, too.
     */
    async openFile(claim: ThreadClaim, id: string) {
      const folded = (await repo.followers(claim.id)).map((f) => f.sessionId);
      for (const sessionId of [claim.sessionId, ...folded]) {
        const file = await files.findFile(id, sessionId);
        if (file) return file.kind === REPLY_FILE_KIND ? files.openFile(id, sessionId) : null;
      }
      return null;
    },

    /** Decision 056: the authority an amendment would sign, before it is signed. */
    previewAmendment: (claim: ThreadClaim, input: AmendmentPreviewInput) =>
      previewAmendment(deps, claim, input),

    /** D32: the claimant's amendment, signed again. */
    amend: (claim: ThreadClaim, input: AmendmentInput, meta: { ip: string; userAgent: string | null }) =>
      amendClaim(deps, claim, input, meta),

    async answer(claim: ThreadClaim, input: ClaimantAnswersInput): Promise<void> {
      try {
        await answerRequest({ db, repo, now, replyFiles }, claim, input);
      } catch (error) {
        // The same answers sent at once or again: the first send stored them, and this is that send.
        if (error instanceof ConflictError && (await sentAlready(repo, claim, input.idempotencyKey))) return;
        throw error;
      }
    },
  };
}

export type ClaimantCasework = ReturnType<typeof createClaimantCasework>;
