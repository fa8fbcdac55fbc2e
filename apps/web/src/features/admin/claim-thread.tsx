import { useCallback, useEffect, useState } from 'react';
import { formatIsoDate } from '@taxback/domain';
import type { OperatorThread } from '@taxback/domain/casework';
import { call } from '../../lib/api/admin-client.ts';
import { formatDateTime } from './admin-api.ts';
import type { ClaimDetail } from './claim-detail.ts';
import { TextEntryForm } from './claim-forms.tsx';

// Issue 28 (D33): the claim's thread beside its status history: messages both ways, the
// information requests with the claimant's answers and files, and every text and email sent.

/** Loads the thread (reading it clears the claim's "unread"); `load` again after a change. */
export function useClaimThread(id: string) {
  const [thread, setThread] = useState<OperatorThread | null>(null);
  const load = useCallback(async () => {
    const res = await call('getClaimThread', { params: { id } });
    if (res.ok) setThread(res.data);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  return { thread, load };
}

type Entry =
  | { at: string; kind: 'message'; item: OperatorThread['messages'][number] }
  | { at: string; kind: 'request'; item: OperatorThread['requests'][number] }
  | { at: string; kind: 'notice'; item: OperatorThread['notices'][number] };

function entriesOf(thread: OperatorThread): Entry[] {
  return [
    ...thread.messages.map((item) => ({ at: item.at, kind: 'message' as const, item })),
    ...thread.requests.map((item) => ({ at: item.createdAt, kind: 'request' as const, item })),
    ...thread.notices.map((item) => ({ at: item.at, kind: 'notice' as const, item })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

const NOTICE_NAMES: Record<string, string> = {
  'claim-received': 'Claim received',
  'claim-status-changed': 'Status change',
  'claim-details-corrected': 'Details corrected',
  'claim-message': 'New message',
  'reply-reminder': 'Reminder to reply',
  'status-code': 'Status page code',
};

function Attachments({ files }: { files: { id: string; filename: string; url: string }[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-1 list-disc pl-6">
      {files.map((f) => (
        <li key={f.id} className="wrap-anywhere">
          <a href={f.url} download>
            {f.filename}
          </a>
        </li>
      ))}
    </ul>
  );
}

function RequestEntry({ request }: { request: OperatorThread['requests'][number] }) {
  return (
    <>
      <p className="font-semibold">
        Information requested, reply by {formatIsoDate(request.replyBy)}{' '}
        <span className="font-normal text-muted">
          ({request.open ? 'open' : request.answeredAt ? 'answered' : 'closed'})
        </span>
      </p>
      <ol className="mt-1 list-decimal space-y-1 pl-6">
        {request.items.map((i) => (
          <li key={i.id}>
            <p className="wrap-anywhere">{i.title}</p>
            {i.answer !== null && (
              <p className="whitespace-pre-wrap wrap-anywhere text-muted">
                Answer: {i.answer === '' ? '(files only)' : i.answer}
              </p>
            )}
            <Attachments files={i.files} />
          </li>
        ))}
      </ol>
    </>
  );
}

function ThreadEntry({ entry }: { entry: Entry }) {
  if (entry.kind === 'request') return <RequestEntry request={entry.item} />;
  if (entry.kind === 'notice') {
    const n = entry.item;
    return (
      <p>
        <span className="font-semibold">
          {n.channel === 'sms' ? 'Text' : 'Email'} sent: {NOTICE_NAMES[n.template] ?? n.template}
        </span>{' '}
        <span className="text-muted">({n.status})</span>
        <span className="block text-sm wrap-anywhere text-muted">{n.summary}</span>
      </p>
    );
  }
  const m = entry.item;
  return (
    <>
      <p className="font-semibold">
        {m.author === 'claimant' ? 'From the claimant' : `From ${m.authorName ?? 'an operator'}`}
      </p>
      <p className="whitespace-pre-wrap wrap-anywhere">{m.body}</p>
      <Attachments files={m.attachments} />
    </>
  );
}

/** The flags the queues show too (D33): reply received, reply due, overdue. */
function ThreadFlags({ thread }: { thread: OperatorThread }) {
  return (
    <ul className="mb-4 flex flex-wrap gap-2" data-testid="thread-flags">
      {thread.replyReceivedAt && (
        <li className="rounded-md bg-brand-700 px-2 py-1 text-white">
          Reply received {formatDateTime(thread.replyReceivedAt)}
        </li>
      )}
      {thread.overdue && <li className="rounded-md bg-danger px-2 py-1 text-white">Overdue</li>}
      {thread.replyDueOn && !thread.overdue && (
        <li className="rounded-md border-2 border-gray-600 px-2 py-1">
          Reply due by {formatIsoDate(thread.replyDueOn)}
        </li>
      )}
    </ul>
  );
}

/** The thread, newest last, and a message to the claimant. */
export function ThreadSection({
  claim,
  thread,
  onChanged,
}: {
  claim: ClaimDetail;
  thread: OperatorThread | null;
  onChanged: () => Promise<void>;
}) {
  return (
    <section className="mb-8" aria-labelledby="thread-heading">
      <h2 id="thread-heading" className="mb-2 text-2xl">
        Messages and requests
      </h2>
      {thread && <ThreadFlags thread={thread} />}
      {!thread ? (
        <p role="status">Loading the messages…</p>
      ) : thread.messages.length + thread.requests.length + thread.notices.length === 0 ? (
        <p className="mb-4">No messages yet.</p>
      ) : (
        <ol className="mb-4 space-y-3" data-testid="claim-thread">
          {entriesOf(thread).map((entry) => (
            <li key={`${entry.kind}-${entry.item.id}`} className="border-l-4 border-gray-300 pl-3">
              <ThreadEntry entry={entry} />
              <p className="text-sm text-muted">{formatDateTime(entry.at)}</p>
            </li>
          ))}
        </ol>
      )}
      <TextEntryForm
        idPrefix="message-"
        label="Write to the claimant"
        hint="The claimant is told by text and email, and reads it on their status page"
        button="Send message"
        failure="The message could not be sent."
        send={(body) =>
          call('addClaimMessage', {
            params: { id: claim.id },
            body: { body, version: claim.workflow.version },
          })
        }
        onSent={onChanged}
      />
    </section>
  );
}
