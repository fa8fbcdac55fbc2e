import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OperatorThread } from '@taxback/domain/casework';
import { ThreadSection, useClaimThread } from './claim-thread.tsx';
import { fakeAdminApi, type Reply } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// Issue 28 (D33): the claim's thread: messages both ways, the information requests with the
// claimant's answers and files, every text and email sent, in time order; a message to the claimant.

afterEach(() => vi.unstubAllGlobals());

const THREAD_PATH = `GET /api/admin/claims/${CLAIM_ID}/thread`;
const MESSAGE = `POST /api/admin/claims/${CLAIM_ID}/messages`;
const EMPTY: OperatorThread = {
  messages: [],
  requests: [],
  notices: [],
  replyDueOn: null,
  overdue: false,
  replyReceivedAt: null,
  unread: 0,
};
const BUSY: OperatorThread = {
  ...EMPTY,
  messages: [
    {
      id: 'm2',
      author: 'claimant',
      authorName: null,
      body: 'Here is my P60',
      at: '2026-11-05T09:00:00.000Z',
      requestId: null,
      attachments: [{ id: 'f1', filename: 'p60.pdf', size: 2048, url: '/api/files/f1' }],
    },
    {
      id: 'm1',
      author: 'operator',
      authorName: 'Olive',
      body: 'Please send your P60',
      at: '2026-11-02T09:00:00.000Z',
      requestId: null,
      attachments: [],
    },
  ],
  requests: [
    {
      id: 'r1',
      replyBy: '2026-11-16',
      open: false,
      createdAt: '2026-11-03T09:00:00.000Z',
      answeredAt: '2026-11-04T09:00:00.000Z',
      items: [
        {
          id: 'i1',
          kind: 'question',
          title: 'What is your PAYE reference?',
          question: 'What is your PAYE reference?',
          document: null,
          taxYear: null,
          employmentId: null,
          answer: '123/AB456',
          files: [],
        },
      ],
    },
  ],
  notices: [
    {
      id: 'n1',
      channel: 'sms',
      template: 'claim-message',
      summary: 'You have a new message about your claim',
      status: 'sent',
      at: '2026-11-02T09:01:00.000Z',
      sentAt: '2026-11-02T09:01:00.000Z',
    },
  ],
  replyReceivedAt: '2026-11-05T09:00:00.000Z',
  replyDueOn: '2026-11-16',
};

/** The section as the claim page shows it: the thread loaded by useClaimThread. */
function Thread({ onChanged }: { onChanged: () => Promise<void> }) {
  const { thread, load } = useClaimThread(CLAIM_ID);
  const reload = async () => {
    await Promise.all([onChanged(), load()]);
  };
  return <ThreadSection claim={claimDetail()} thread={thread} onChanged={reload} />;
}

function open(thread: OperatorThread, replies: Record<string, Reply[]> = {}) {
  const api = fakeAdminApi({ [THREAD_PATH]: thread }, replies);
  const onChanged = vi.fn(() => Promise.resolve());
  render(<Thread onChanged={onChanged} />);
  return { api, onChanged };
}

describe('the claim’s thread (D33)', () => {
  it('shows messages, the request and each text in time order, with the flags', async () => {
    open(BUSY);
    const items = within(await screen.findByTestId('claim-thread')).getAllByRole('listitem');
    const texts = items
      .filter((li) => li.parentElement?.dataset.testid === 'claim-thread')
      .map((li) => li.textContent);
    expect(texts[0]).toMatch(/^From Olive\s*Please send your P60/);
    expect(texts[1]).toMatch(/^Text sent: New message \(sent\)/);
    expect(texts[2]).toMatch(/^Information requested, reply by 16 November 2026 \(answered\)/);
    expect(texts[2]).toMatch(/Answer: 123\/AB456/);
    expect(texts[3]).toMatch(/^From the claimant\s*Here is my P60/);
    expect(screen.getByRole('link', { name: 'p60.pdf' })).toHaveAttribute('href', '/api/files/f1');
    const flags = screen.getByTestId('thread-flags');
    expect(flags).toHaveTextContent(/Reply received/);
    expect(flags).toHaveTextContent('Reply due by 16 November 2026');
  });

  it('an overdue reply shows Overdue, not the due date', async () => {
    open({ ...BUSY, overdue: true });
    const flags = await screen.findByTestId('thread-flags');
    expect(flags).toHaveTextContent('Overdue');
    expect(flags).not.toHaveTextContent('Reply due by');
  });

  it('says it is loading, then that there are no messages', async () => {
    open(EMPTY);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the messages…');
    expect(await screen.findByText('No messages yet.')).toBeVisible();
    expect(screen.getByTestId('thread-flags')).toBeEmptyDOMElement();
  });

  it('sends a message with the claim’s version, reloads the thread and empties the box', async () => {
    const { api, onChanged } = open(EMPTY, {
      [MESSAGE]: [[201, { id: '00000000-0000-4000-8000-0000000000e1' }]],
    });
    await screen.findByText('No messages yet.');
    fireEvent.change(screen.getByLabelText(/^Write to the claimant/), { target: { value: 'Thank you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.sent(MESSAGE)).toEqual([{ body: 'Thank you', version: 3 }]);
    expect(api.to(THREAD_PATH)).toHaveLength(2);
    expect(screen.getByLabelText(/^Write to the claimant/)).toHaveValue('');
  });

  it('a stale version (409): the server’s words at the box, the summary focused, the text kept', async () => {
    const { onChanged } = open(EMPTY, {
      [MESSAGE]: [[409, { error: 'The claim changed: reload the page' }]],
    });
    await screen.findByText('No messages yet.');
    fireEvent.change(screen.getByLabelText(/^Write to the claimant/), { target: { value: 'Thank you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The claim changed: reload the page');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^Write to the claimant/)).toHaveAccessibleDescription(/The claim changed/);
    expect(screen.getByLabelText(/^Write to the claimant/)).toHaveValue('Thank you');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
