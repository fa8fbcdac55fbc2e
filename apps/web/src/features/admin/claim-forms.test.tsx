import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NotesSection, StatusForm } from './claim-forms.tsx';
import { fakeAdminApi, workflowOf, type Reply } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// The claim page's status move (D22) and internal notes. The dates of a move are tested beside
// claim-record.tsx; here the move itself, its refusals and the notes.

afterEach(() => vi.unstubAllGlobals());

const MOVE = `POST /api/admin/claims/${CLAIM_ID}/status`;
const NOTE = `POST /api/admin/claims/${CLAIM_ID}/notes`;
const MOVED = workflowOf({
  status: 'ready-for-hmrc',
  statusLabel: 'Ready for HMRC',
  version: 4,
  allowedMoves: [],
});

function openStatusForm(replies: Record<string, Reply[]>, claim = claimDetail()) {
  const api = fakeAdminApi({}, replies);
  const onChanged = vi.fn(() => Promise.resolve());
  render(<StatusForm claim={claim} onChanged={onChanged} />);
  return { api, onChanged };
}
const choose = (to: string) =>
  fireEvent.change(screen.getByLabelText(/^New status/), { target: { value: to } });
const change = () => fireEvent.click(screen.getByRole('button', { name: 'Change status' }));

describe('the status move (D22)', () => {
  it('offers only the claim’s allowed moves, in words', () => {
    openStatusForm({});
    const options = Array.from((screen.getByLabelText(/^New status/) as HTMLSelectElement).options);
    expect(options.map((o) => o.text)).toEqual([
      'Select a status',
      'Information requested',
      'Ready for HMRC',
      'Withdrawn',
    ]);
  });

  it('is not shown when the claim has no move left', () => {
    openStatusForm({}, claimDetail({ workflow: { ...MOVED, status: 'closed' } }));
    expect(screen.queryByRole('heading', { name: 'Change status' })).toBeNull();
  });

  it('no status chosen: a message at the field, focused in the summary, nothing sent', async () => {
    const { api } = openStatusForm({});
    change();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Select the new status');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^New status/)).toHaveAccessibleDescription(/Select the new status/);
    expect(api.calls).toHaveLength(0);
  });

  it('sends the move with the reason at the version read, reloads and says so', async () => {
    const { api, onChanged } = openStatusForm({ [MOVE]: [[200, MOVED]] });
    choose('ready-for-hmrc');
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'All answers held' } });
    change();
    expect(await screen.findByRole('status')).toHaveTextContent('Status changed to Ready for HMRC.');
    expect(api.sent(MOVE)).toEqual([{ to: 'ready-for-hmrc', reason: 'All answers held', version: 3 }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^New status/)).toHaveValue('');
  });

  it('a claim not ready for HMRC (409): the missing answers at the field', async () => {
    const refusal = { error: 'Not ready for HMRC', missing: ['Employer PAYE reference'] };
    const { onChanged } = openStatusForm({ [MOVE]: [[409, refusal]] });
    choose('ready-for-hmrc');
    change();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not ready for HMRC: Employer PAYE reference');
    expect(screen.getByLabelText(/^New status/)).toHaveAccessibleDescription(/Employer PAYE reference/);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('a 400 with errors: each message at its field, the summary focused', async () => {
    openStatusForm({ [MOVE]: [[400, { errors: { reason: 'Give the reason the claim is withdrawn' } }]] });
    choose('withdrawn');
    expect(screen.getByLabelText(/^Reason/)).toBeVisible();
    change();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Give the reason the claim is withdrawn');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^Reason/)).toHaveAccessibleDescription(
      /Give the reason the claim is withdrawn/,
    );
  });
});

describe('internal notes', () => {
  const NOTES = [
    { id: 'n1', body: 'Rang the employer', created_at: '2026-11-02T10:00:00.000Z', operator: 'Olive' },
    { id: 'n2', body: 'Waiting for the P60', created_at: '2026-11-03T10:00:00.000Z', operator: null },
  ];

  function openNotes(replies: Record<string, Reply[]>, notes = NOTES) {
    const api = fakeAdminApi({}, replies);
    const onAdded = vi.fn(() => Promise.resolve());
    render(<NotesSection claim={claimDetail({ notes })} onAdded={onAdded} />);
    return { api, onAdded };
  }
  const add = (text: string) => {
    fireEvent.change(screen.getByLabelText(/^Add a note/), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
  };

  it('lists each note with who wrote it', () => {
    openNotes({});
    expect(screen.getByText('Rang the employer')).toBeVisible();
    expect(screen.getByText(/^Olive, /)).toBeVisible();
    expect(screen.getByText(/^unknown, /)).toBeVisible();
  });

  it('with no notes, says so', () => {
    openNotes({}, []);
    expect(screen.getByText('No notes yet.')).toBeVisible();
  });

  it('adds a note: posts its text, reloads, empties the box', async () => {
    const { api, onAdded } = openNotes({ [NOTE]: [[201, { id: '00000000-0000-4000-8000-0000000000e3' }]] });
    add('Called the claimant');
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(api.sent(NOTE)).toEqual([{ body: 'Called the claimant' }]);
    expect(screen.getByLabelText(/^Add a note/)).toHaveValue('');
  });

  it('a refused note keeps the text, its message at the box, the summary focused', async () => {
    const { onAdded } = openNotes({ [NOTE]: [[400, { errors: { body: 'Enter the note' } }]] });
    add(' ');
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Enter the note');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^Add a note/)).toHaveAccessibleDescription(/Enter the note/);
    expect(screen.getByLabelText(/^Add a note/)).toHaveValue(' ');
    expect(onAdded).not.toHaveBeenCalled();
  });
});
