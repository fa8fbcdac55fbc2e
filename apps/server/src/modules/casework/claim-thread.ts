import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ukIsoDate } from '@taxback/domain';
import {
  isOverdue,
  itemTitle,
  reminderDays,
  replyByProblem,
  requestItemProblems,
} from '@taxback/domain/casework';
import type { InformationRequestInput, OperatorThread, ThreadMessageInput } from '@taxback/domain/casework';
import type { Database } from '../../db/database.ts';
import { ValidationError } from '../../errors.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import { createCaseworkRepository } from './repository.ts';
import { readThread } from './thread-view.ts';
import type { FilesService } from '../files/index.ts';
import type { AuditLog } from '../operators/index.ts';
import { claimKindOf, claimScopeOf, type Found } from './claim-view.ts';
import type { ClaimActor } from '../shared/claim-access.ts';
import type { createClaimWorkflow } from './claim-workflow.ts';

// Issue 28 (D33), the operator's side of a claim's thread: read it (which clears "unread"), write
// on it, and ask for information. Every change goes through the claim workflow's one gate.

type Workflow = ReturnType<typeof createClaimWorkflow>;

/** Reminders go out at 09:00 UTC on their day (D33: 7 days and 1 day before the reply-by date). */
const reminderTime = (day: string) => new Date(`${day}T09:00:00.000Z`);

export function createOperatorCasework(deps: {
  db: Kysely<Database>;
  files: FilesService;
  audit: AuditLog;
  notices: ClaimNotices;
  now: () => Date;
  workflow: Workflow;
  find: (id: string) => Promise<Found>;
}) {
  const { db, audit, notices, now, workflow } = deps;
  const repo = createCaseworkRepository(db);

  return {
    async thread(operatorId: string, id: string): Promise<OperatorThread> {
      const found = await deps.find(id);
      const [thread, notices] = await Promise.all([
        readThread({ repo, files: deps.files }, id, 'operator'),
        repo.notices(id),
      ]);
      const unread = Number(found.row.operator_unread_count);
      if (unread > 0) await repo.markRead(claimKindOf(found.kind), id);
      await audit.record({ actor: operatorId, action: 'thread-read', entity: 'claim', entityId: id });
      return {
        ...thread,
        notices: notices.map((n) => ({
          id: n.id,
          channel: n.channel,
          template: n.template,
          summary: n.summary,
          status: n.status,
          at: n.created_at,
          sentAt: n.sent_at,
        })),
        replyDueOn: found.row.reply_due_on,
        overdue: isOverdue(found.row.reply_due_on, ukIsoDate(now())),
        replyReceivedAt: found.row.reply_received_at,
        unread,
      };
    },

    /** A message to the claimant, who is told by text and email to read it on the status page. */
    async addMessage(actor: ClaimActor, id: string, input: ThreadMessageInput) {
      const operatorId = actor.id;
      const messageId = randomUUID();
      await workflow.act(actor, id, input.version, async (trx, { at, found }) => {
        const claimKind = claimKindOf(found.kind);
        await repo.addMessage(trx, {
          id: messageId,
          claim_kind: claimKind,
          claim_id: id,
          author: 'operator',
          operator_id: operatorId,
          body: input.body,
          request_id: null,
          file_ids: '[]',
          created_at: at,
        });
        await audit.record(
          { actor: operatorId, action: 'message-added', entity: 'claim', entityId: id },
          trx,
        );
        await notices.newMessage(trx, claimKind, id);
      });
      return { id: messageId };
    },

    /**
     * D33: "information requested" with its items and reply-by date, in the move's transaction:
     * the request, its items, the claim's reply-due date and the two reminders' jobs.
     */
    async requestInformation(actor: ClaimActor, id: string, input: InformationRequestInput) {
      const operatorId = actor.id;
      const today = ukIsoDate(now());
      const found = await deps.find(id);
      const problems = requestItemProblems(input.items, claimScopeOf(found, now()));
      const replyBy = replyByProblem(input.replyBy, today);
      if (replyBy) problems.replyBy = replyBy;
      if (Object.keys(problems).length > 0) throw new ValidationError(problems);
      const requestId = randomUUID();
      const titles = input.items.map((item) =>
        itemTitle({
          kind: item.kind,
          question: item.question ?? null,
          document: item.document ?? null,
          taxYear: item.taxYear ?? null,
        }),
      );
      const reason = titles.join('; ').slice(0, 1000);
      return workflow.changeStatus(
        actor,
        id,
        {
          to: 'information-requested',
          reason,
          version: input.version,
          repaidPence: null,
          repaidOn: null,
          sent: null,
        },
        async (trx, { at, found }) => {
          const claimKind = claimKindOf(found.kind);
          await repo.addRequest(
            trx,
            {
              id: requestId,
              claim_kind: claimKind,
              claim_id: id,
              operator_id: operatorId,
              reply_by: input.replyBy,
              status: 'open',
              created_at: at,
              answered_at: null,
            },
            input.items.map((item, position) => ({
              id: randomUUID(),
              request_id: requestId,
              position,
              kind: item.kind,
              question: item.kind === 'document' ? null : (item.question ?? null),
              document: item.kind === 'document' ? (item.document ?? null) : null,
              tax_year: item.taxYear ?? null,
              employment_id: item.employmentId ?? null,
              answer: null,
              file_ids: '[]',
            })),
          );
          await repo.touchClaim(trx, claimKind, id, found.version + 1, {
            at,
            replyDueOn: input.replyBy,
            bump: false,
          });
          for (const { day, daysBefore } of reminderDays(input.replyBy, today))
            await notices.replyReminder(trx, {
              claimKind,
              claimId: id,
              requestId,
              days: daysBefore,
              runAt: reminderTime(day),
            });
          await audit.record(
            {
              actor: operatorId,
              action: 'information-requested',
              entity: 'claim',
              entityId: id,
              detail: { requestId, items: input.items.length, replyBy: input.replyBy },
            },
            trx,
          );
        },
      );
    },
  };
}

export type OperatorCasework = ReturnType<typeof createOperatorCasework>;
