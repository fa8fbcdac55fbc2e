import type { ClaimDetail } from '../src/features/admin/claim-detail.ts';
// For the back-office's component tests: fetch answered from a table by 'METHOD /path', every
// call kept so a test can read the query or body the screen sent; dates typed box by box.
import { vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';

export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer with its status: [status, body] (204 answers no body). */
export type Reply = [status: number, body: unknown];

/**
 * Answers 200 with `answers['METHOD /path']`, or with `replies['METHOD /path']` in turn (the last
 * again) where a test needs a status; 404 for any other; and keeps every call.
 */
export function fakeAdminApi(answers: Record<string, unknown>, replies: Record<string, Reply[]> = {}) {
  const calls: SentCall[] = [];
  const queues = Object.fromEntries(Object.entries(replies).map(([key, list]) => [key, [...list]]));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const key = `${method} ${url.pathname}`;
      const queue = queues[key];
      const [status, answer]: Reply = queue?.length
        ? ((queue.length > 1 ? queue.shift() : queue[0]) as Reply)
        : key in answers
          ? [200, answers[key]]
          : [404, { error: 'Not found' }];
      return Promise.resolve(
        status === 204
          ? new Response(null, { status })
          : new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return {
    calls,
    /** The calls of one operation, 'METHOD /path', oldest first. */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /** The bodies sent to one operation, oldest first. */
    sent: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => c.body),
  };
}

/** GET /api/admin/me's answer: an operator of `role` signed in. */
export function signedIn(role: 'admin' | 'caseworker') {
  return {
    operator: { id: '00000000-0000-4000-8000-000000000001', email: 'o@example.com', name: 'Olive', role },
    csrfToken: 'token',
  };
}

/** The GOV.UK date input named `legend`: its Day, Month and Year boxes. */
export function dateBoxes(legend: string) {
  const group = within(screen.getByRole('group', { name: legend }));
  return {
    day: group.getByLabelText('Day') as HTMLInputElement,
    month: group.getByLabelText('Month') as HTMLInputElement,
    year: group.getByLabelText('Year') as HTMLInputElement,
  };
}

/** Types day, month and year into the date input named `legend` ('' empties a box). */
export function typeDate(legend: string, day: string, month: string, year: string): void {
  const boxes = dateBoxes(legend);
  fireEvent.change(boxes.day, { target: { value: day } });
  fireEvent.change(boxes.month, { target: { value: month } });
  fireEvent.change(boxes.year, { target: { value: year } });
}

/** A claim's workflow as the claim page reads it: nothing sent or repaid yet, with `fields` given. */
export function workflowOf(
  fields: Pick<ClaimDetail['workflow'], 'status' | 'statusLabel' | 'version' | 'allowedMoves'>,
): ClaimDetail['workflow'] {
  return {
    ...fields,
    repaidPence: null,
    feePence: null,
    claimantPence: null,
    sentOn: null,
    sentMethod: null,
    sentMethodOther: null,
    sentTracking: null,
    repaidOn: null,
  };
}
