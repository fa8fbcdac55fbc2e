import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  createOutbox,
  localEntryWins,
  outboxKey,
  readOutbox,
  type SaveStatus,
  type SendResult,
} from './outbox.ts';
import { createEmptySnapshot, nextStep, type SavePayload, type WizardStepId } from '@taxback/domain';

const SESSION = 'tx_1700000000000_abcdefghijklmnopqrstuv';

/** A save completing `step`. */
function payload(step: WizardStepId, firstName = 'Ann'): SavePayload {
  const snapshot = createEmptySnapshot();
  snapshot.personalInfo.firstName = firstName;
  return { currentStep: nextStep(step), lastStepCompleted: step, snapshot };
}

/** A send function whose answers the test scripts one by one. */
function scriptedSend(answers: SendResult[]) {
  const sent: { payload: SavePayload; revision: number }[] = [];
  const send = vi.fn(async (p: SavePayload, revision: number) => {
    sent.push({ payload: p, revision });
    return answers.shift() ?? { kind: 'retry' as const };
  });
  return { send, sent };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('createOutbox', () => {
  it('writes the entry before sending and marks it acknowledged with the new revision', async () => {
    const { send } = scriptedSend([{ kind: 'saved', revision: 4 }]);
    const statuses: SaveStatus[] = [];
    const outbox = createOutbox({
      sessionId: SESSION,
      send,
      initialRevision: 3,
      onStatus: (s) => statuses.push(s),
    });
    outbox.enqueue(payload('personal'));
    // Stored synchronously, before the request finishes.
    expect(readOutbox(SESSION)).toMatchObject({ acknowledged: false, baseRevision: 3 });
    await vi.runAllTimersAsync();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ lastStepCompleted: 'personal' }), 3);
    expect(readOutbox(SESSION)).toMatchObject({ acknowledged: true, baseRevision: 4 });
    expect(outbox.getRevision()).toBe(4);
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('retries with exponential backoff until the server acknowledges, showing the offline status', async () => {
    const { send } = scriptedSend([
      { kind: 'retry' },
      { kind: 'retry' },
      { kind: 'retry' },
      { kind: 'saved', revision: 1 },
    ]);
    const statuses: SaveStatus[] = [];
    const outbox = createOutbox({ sessionId: SESSION, send, onStatus: (s) => statuses.push(s) });
    outbox.enqueue(payload('eligibility'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.getStatus()).toBe('offline');

    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2); // after 1 s

    await vi.advanceTimersByTimeAsync(1999);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(3); // after 2 s more

    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(4); // after 4 s more
    expect(outbox.getStatus()).toBe('saved');
    expect(statuses).toEqual(['saving', 'offline', 'saved']);
    expect(readOutbox(SESSION)?.acknowledged).toBe(true);
  });

  it('caps the wait at 30 seconds', async () => {
    const { send } = scriptedSend([]);
    const outbox = createOutbox({ sessionId: SESSION, send });
    outbox.enqueue(payload('eligibility'));
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000);
    expect(send).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(send).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(7);
    outbox.dispose();
  });

  it('retryNow skips the remaining wait (online / visibility change)', async () => {
    const { send } = scriptedSend([{ kind: 'retry' }, { kind: 'saved', revision: 1 }]);
    const outbox = createOutbox({ sessionId: SESSION, send });
    outbox.enqueue(payload('eligibility'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    outbox.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.getStatus()).toBe('saved');
  });

  it('sends only the newest snapshot after one that was in flight, with the revision it got back', async () => {
    const { send, sent } = scriptedSend([
      { kind: 'saved', revision: 1 },
      { kind: 'saved', revision: 2 },
    ]);
    const outbox = createOutbox({ sessionId: SESSION, send });
    outbox.enqueue(payload('eligibility', 'first'));
    outbox.enqueue(payload('employment', 'second'));
    outbox.enqueue(payload('personal', 'third'));
    await vi.runAllTimersAsync();
    expect(sent.map((s) => [s.payload.snapshot.personalInfo.firstName, s.revision])).toEqual([
      ['first', 0],
      ['third', 1],
    ]);
    expect(readOutbox(SESSION)).toMatchObject({ acknowledged: true, baseRevision: 2 });
    expect(readOutbox(SESSION)?.payload.lastStepCompleted).toBe('personal');
  });

  it('on 409 drops the stale entry and reports the conflict', async () => {
    const { send } = scriptedSend([{ kind: 'conflict', revision: 7 }]);
    const onConflict = vi.fn();
    const outbox = createOutbox({ sessionId: SESSION, send, onConflict });
    outbox.enqueue(payload('tax-years'));
    await vi.runAllTimersAsync();
    expect(onConflict).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(outboxKey(SESSION))).toBeNull();
    expect(outbox.hasPending()).toBe(false);
  });

  it('flush resolves once the queue is acknowledged', async () => {
    const { send } = scriptedSend([{ kind: 'retry' }, { kind: 'saved', revision: 1 }]);
    const outbox = createOutbox({ sessionId: SESSION, send });
    outbox.enqueue(payload('personal'));
    await vi.advanceTimersByTimeAsync(0);
    const flushed = outbox.flush();
    await vi.advanceTimersByTimeAsync(0);
    await expect(flushed).resolves.toBe(true);
  });
});

describe('localEntryWins', () => {
  const entry = { payload: payload('tax-years'), baseRevision: 5, acknowledged: false, savedAt: '' };
  it('prefers an unacknowledged local save the server has not moved past', () => {
    expect(localEntryWins(entry, 5)).toBe(true);
    expect(localEntryWins(entry, null)).toBe(true);
    expect(localEntryWins(entry, 6)).toBe(false);
    expect(localEntryWins({ ...entry, acknowledged: true }, 5)).toBe(false);
    expect(localEntryWins(null, 5)).toBe(false);
  });
});
