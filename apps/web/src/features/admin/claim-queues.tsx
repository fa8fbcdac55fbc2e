import { useEffect, useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ALLOCATE_MAX, CLAIM_QUEUES, claimCountWords } from '@taxback/domain/admin-schemas';
import type { ClaimQueue } from '@taxback/domain/admin-schemas';
import type { ClaimList, ClaimListItem, OperatorListItem } from '@taxback/domain/api/admin-responses';
import { Button } from '../../components/ui/button.tsx';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { call } from '../../lib/api/admin-client.ts';
import { paths } from '../../lib/paths.ts';
import { summaryItems } from './admin-api.ts';
import { ActionNotices, InputField, SelectField } from './admin-ui.tsx';
import { NO_MESSAGES, formMessagesReducer } from './form-messages-state.ts';

// D34: the claims page's queues (Unallocated, My claims, All), "Take next", an admin's "allocate
// the next N", and each row's flags.

export const QUEUE_LABELS: Record<ClaimQueue, string> = {
  unallocated: 'Unallocated',
  mine: 'My claims',
  all: 'All claims',
};
const QUEUE_ORDER: readonly ClaimQueue[] = ['unallocated', 'mine', 'all'];

/** The three queues as tabs with their counts; each keeps the filters. */
export function QueueTabs({
  list,
  hrefOf,
  onPick,
}: {
  list: ClaimList;
  hrefOf: (queue: ClaimQueue) => string;
  onPick: (queue: ClaimQueue) => void;
}) {
  return (
    <nav aria-label="Queues" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {QUEUE_ORDER.filter((q) => CLAIM_QUEUES.includes(q)).map((queue) => {
          const current = list.queue === queue;
          return (
            <li key={queue}>
              <Link
                to={hrefOf(queue)}
                onClick={() => onPick(queue)}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-md border-2 px-3 ${
                  current ? 'border-ink bg-ink text-white' : 'border-gray-300'
                }`}
              >
                {QUEUE_LABELS[queue]} ({claimCountWords(list.counts[queue], list.countLimit)})
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** "Take next": the oldest unallocated claim becomes mine, and opens. */
export function TakeNext() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  async function take() {
    setError('');
    const res = await call('takeNextClaim');
    if (res.ok) await navigate(paths.adminClaim.getHref(res.data.id));
    else setError(res.error ?? 'No claim could be taken.');
  }
  return (
    <div className="mb-4">
      <Button type="button" onClick={() => void take()}>
        Take next
      </Button>
      <ActionNotices message="" error={error} testId="take-next-notice" />
    </div>
  );
}

/** An admin gives the next N claims of the list shown to one caseworker, all or nothing. */
export function AllocateNext({ claims, onDone }: { claims: ClaimListItem[]; onDone: () => void }) {
  const [operators, setOperators] = useState<OperatorListItem[]>([]);
  // How many claims, and to whom, as typed and chosen.
  const [fields, setFields] = useState({ count: '', ownerId: '' });
  const [messages, say] = useReducer(formMessagesReducer, NO_MESSAGES);
  const { count, ownerId } = fields;
  const { errors, attempt, done } = messages;
  useEffect(() => {
    void call('listOperators').then((res) => {
      if (res.ok) setOperators(res.data.operators.filter((o) => !o.disabled));
    });
  }, []);
  const free = claims.filter((c) => c.owner === null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    say({ type: 'sent' });
    const n = Number(count);
    const max = Math.min(ALLOCATE_MAX, free.length);
    const problems: Record<string, string> = {};
    if (!Number.isInteger(n) || n < 1 || n > max) problems.count = `Enter a number from 1 to ${max}`;
    if (ownerId === '') problems.ownerId = 'Select a caseworker';
    if (Object.keys(problems).length > 0) return say({ type: 'refused', errors: problems });
    const res = await call('allocateClaims', {
      body: { ownerId, claimIds: free.slice(0, n).map((c) => c.id), reason: '' },
    });
    if (res.ok) {
      say({ type: 'cleared' });
      setFields((f) => ({ ...f, count: '' }));
      say({ type: 'done', message: `${res.data.allocated} claims allocated to ${res.data.owner.name}.` });
      onDone();
      return;
    }
    say({
      type: 'refused',
      errors: res.errors ?? { count: res.error ?? 'The claims could not be allocated.' },
    });
    onDone();
  }
  if (free.length === 0) return null;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="allocate-heading"
      className="mb-6 rounded-md border-2 border-gray-300 p-4"
    >
      <h2 id="allocate-heading" className="mb-2 text-2xl">
        Allocate claims
      </h2>
      <p className="mb-4">
        The oldest claims in this list, as shown, go to one person. If any was taken meanwhile, none move.
      </p>
      <ErrorSummary errors={summaryItems(errors, 'allocate-')} focusKey={attempt} />
      {done && (
        <p role="status" className="mb-4 font-semibold text-brand-700">
          {done}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="allocate-count"
          label="How many claims"
          value={count}
          onChange={(next) => setFields((f) => ({ ...f, count: next }))}
          error={errors.count}
        />
        <SelectField
          id="allocate-ownerId"
          label="Allocate to"
          value={ownerId}
          onChange={(next) => setFields((f) => ({ ...f, ownerId: next }))}
          error={errors.ownerId}
        >
          <option value="">Select a person</option>
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({o.role === 'admin' ? 'admin' : 'caseworker'})
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" className="mt-4">
        Allocate
      </Button>
    </form>
  );
}

/** D34: what needs the caseworker, in words. */
export function ClaimFlags({ claim }: { claim: ClaimListItem }) {
  const f = claim.flags;
  const flags = [
    f.replyReceived && 'Reply received',
    f.overdue && 'Overdue',
    f.selfAssessment && 'Self Assessment',
    f.readinessMissing > 0 && `P87: ${f.readinessMissing} missing`,
    f.authoritySuperseded && 'Authority superseded',
    f.possibleDuplicate && 'Possible duplicate',
    f.unreadMessages > 0 && `${f.unreadMessages} unread ${f.unreadMessages === 1 ? 'message' : 'messages'}`,
  ].filter((x): x is string => typeof x === 'string');
  if (flags.length === 0) return <span>None</span>;
  return (
    <ul className="flex flex-wrap gap-1" data-testid="claim-flags">
      {flags.map((flag) => (
        <li key={flag} className="rounded border border-ink px-1 text-sm whitespace-nowrap">
          {flag}
        </li>
      ))}
    </ul>
  );
}
