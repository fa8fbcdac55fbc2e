import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { isoToDateParts, ukIsoDate } from '@taxback/domain';
import { defaultReplyBy } from '@taxback/domain/casework';
import { InformationRequestForm } from './claim-request-form.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { dateBoxes, fakeAdminApi, typeDate, workflowOf } from '../../../test/admin-helpers.ts';

// Issue 44: the information request's reply-by date is a GOV.UK date input (day, month, year),
// 14 days ahead unless changed, still required; the API takes it as an ISO date.

const WORKFLOW = workflowOf({
  status: 'information-requested',
  statusLabel: 'Information requested',
  version: 4,
  allowedMoves: [],
});
const CLAIM = {
  id: 'c1',
  workflow: { ...WORKFLOW, status: 'in-review', version: 3, allowedMoves: ['information-requested'] },
  employments: [],
  taxYears: ['2024/25'],
} as unknown as ClaimDetail;
const SEND = 'POST /api/admin/claims/c1/information-requests';

afterEach(() => vi.unstubAllGlobals());

function openForm() {
  const api = fakeAdminApi({ [SEND]: WORKFLOW });
  const onChanged = vi.fn(() => Promise.resolve());
  render(<InformationRequestForm claim={CLAIM} onChanged={onChanged} />);
  fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'What is your PAYE reference?' } });
  return { sent: () => api.to(SEND), onChanged };
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Request information' }));

describe('the reply-by date (issue 44)', () => {
  it('starts at the default reply-by day, shown as day, month and year, and sends it as ISO', async () => {
    const { sent, onChanged } = openForm();
    const due = defaultReplyBy(ukIsoDate(new Date()));
    const parts = isoToDateParts(due);
    expect(dateBoxes('Reply by')).toMatchObject({
      day: { value: parts.day },
      month: { value: parts.month },
      year: { value: parts.year },
    });
    send();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent()[0]!.body).toMatchObject({ version: 3, replyBy: due });
  });

  it('sends the date typed as day, month and year as an ISO date', async () => {
    const { sent } = openForm();
    typeDate('Reply by', '7', '1', '2027');
    send();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({
      replyBy: '2027-01-07',
      items: [{ kind: 'question', question: 'What is your PAYE reference?' }],
    });
  });

  it('an impossible date (31 2 2027) shows the message, marks the day box and sends nothing', async () => {
    const { sent } = openForm();
    typeDate('Reply by', '31', '2', '2027');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('The reply-by date must be a real date');
    expect(screen.getByRole('group', { name: 'Reply by' })).toHaveAccessibleDescription(
      /The reply-by date must be a real date/,
    );
    expect(dateBoxes('Reply by').day).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Reply by').month).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent()).toHaveLength(0);
  });

  it('is still required: empty boxes say so and nothing is sent', async () => {
    const { sent } = openForm();
    typeDate('Reply by', '', '', '');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the reply-by date');
    for (const box of Object.values(dateBoxes('Reply by')))
      expect(box).toHaveAttribute('aria-invalid', 'true');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent()).toHaveLength(0);
  });

  it('a partly typed date names the missing box', async () => {
    const { sent } = openForm();
    typeDate('Reply by', '7', '1', '');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('The reply-by date must include a year');
    expect(dateBoxes('Reply by').year).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Reply by').day).not.toHaveAttribute('aria-invalid');
    expect(sent()).toHaveLength(0);
  });
});
