import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { isoToDateParts, ukIsoDate } from '@taxback/domain';
import { AdminSessionProvider } from './admin-session.tsx';
import { StatusForm } from './claim-forms.tsx';
import { HmrcRecords } from './claim-record.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { dateBoxes, fakeAdminApi, signedIn, typeDate, workflowOf } from '../../../test/admin-helpers.ts';

// Issue 44: the sending's and the repayment's dates (D35) are GOV.UK date inputs, today's filled
// in; the API takes ISO dates, and a date left empty goes as '' (the server takes today).

const WORKFLOW = workflowOf({
  status: 'ready-for-hmrc',
  statusLabel: 'Ready for HMRC',
  version: 2,
  allowedMoves: ['sent-to-hmrc', 'repaid'],
});
const SENT_RECORD = {
  id: 'r1',
  record: 'sent',
  value: { on: '2026-11-02', method: 'post', methodOther: null, tracking: null },
  reason: null,
  operator: 'Olive',
  created_at: '2026-11-02T10:00:00.000Z',
};
const claimOf = (workflow = WORKFLOW) =>
  ({ id: 'c1', workflow, hmrcRecords: [SENT_RECORD] }) as unknown as ClaimDetail;
const MOVE = 'POST /api/admin/claims/c1/status';
const CORRECT = 'POST /api/admin/claims/c1/hmrc-records';

afterEach(() => vi.unstubAllGlobals());

function openStatusForm(to: string) {
  const api = fakeAdminApi({ [MOVE]: { ...WORKFLOW, status: to, allowedMoves: [] } });
  render(<StatusForm claim={claimOf()} onChanged={() => Promise.resolve()} />);
  fireEvent.change(screen.getByLabelText('New status'), { target: { value: to } });
  return () => api.to(MOVE);
}
const change = () => fireEvent.click(screen.getByRole('button', { name: 'Change status' }));

describe('the date sent to HMRC (issue 44)', () => {
  it('starts at today, as day, month and year', () => {
    openStatusForm('sent-to-hmrc');
    const today = isoToDateParts(ukIsoDate(new Date()));
    expect(dateBoxes('Date sent to HMRC')).toMatchObject({
      day: { value: today.day },
      month: { value: today.month },
      year: { value: today.year },
    });
  });

  it('sends the date typed as day, month and year as an ISO date', async () => {
    const moves = openStatusForm('sent-to-hmrc');
    typeDate('Date sent to HMRC', '5', '11', '2026');
    fireEvent.change(screen.getByLabelText('How it was sent'), { target: { value: 'post' } });
    change();
    await waitFor(() => expect(moves()).toHaveLength(1));
    expect(moves()[0]!.body).toMatchObject({ to: 'sent-to-hmrc', sentOn: '2026-11-05', sentMethod: 'post' });
    expect(await screen.findByText('Status changed to Sent to HMRC.')).toBeVisible();
  });

  it('an impossible date shows the message, marks the day box and sends nothing', async () => {
    const moves = openStatusForm('sent-to-hmrc');
    typeDate('Date sent to HMRC', '31', '2', '2027');
    change();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The date the claim was sent to HMRC must be a real date',
    );
    expect(screen.getByRole('group', { name: 'Date sent to HMRC' })).toHaveAccessibleDescription(
      /The date the claim was sent to HMRC must be a real date/,
    );
    expect(dateBoxes('Date sent to HMRC').day).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Date sent to HMRC').month).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(moves()).toHaveLength(0);
  });

  it('empty boxes are not given: sent as before, for the server’s today', async () => {
    const moves = openStatusForm('sent-to-hmrc');
    typeDate('Date sent to HMRC', '', '', '');
    change();
    await waitFor(() => expect(moves()).toHaveLength(1));
    expect(moves()[0]!.body).toMatchObject({ to: 'sent-to-hmrc', sentOn: '' });
  });
});

describe('the date HMRC repaid (issue 44)', () => {
  it('sends the date typed as day, month and year as an ISO date', async () => {
    const moves = openStatusForm('repaid');
    fireEvent.change(screen.getByLabelText('Amount HMRC repaid, in pounds'), { target: { value: '250.00' } });
    typeDate('Date HMRC repaid', '2', '12', '2026');
    change();
    await waitFor(() => expect(moves()).toHaveLength(1));
    expect(moves()[0]!.body).toMatchObject({ to: 'repaid', repaidAmount: '250.00', repaidOn: '2026-12-02' });
    expect(moves()[0]!.body).not.toHaveProperty('sentOn');
  });

  it('a partly typed date names the missing box and sends nothing', async () => {
    const moves = openStatusForm('repaid');
    typeDate('Date HMRC repaid', '2', '', '2026');
    change();
    expect(await screen.findByRole('alert')).toHaveTextContent('The date HMRC repaid must include a month');
    expect(dateBoxes('Date HMRC repaid').month).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Date HMRC repaid').year).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(moves()).toHaveLength(0);
  });
});

describe('an admin’s correction of the sending (issue 44)', () => {
  async function openCorrection() {
    const api = fakeAdminApi({
      'GET /api/admin/me': signedIn('admin'),
      [CORRECT]: { ...WORKFLOW, status: 'sent-to-hmrc' },
    });
    render(
      <AdminSessionProvider>
        <HmrcRecords
          claim={claimOf({ ...WORKFLOW, status: 'sent-to-hmrc' })}
          onChanged={() => Promise.resolve()}
        />
      </AdminSessionProvider>,
    );
    await screen.findByRole('heading', { name: 'Correct a record' });
    fireEvent.change(screen.getByLabelText('How it was sent'), { target: { value: 'post' } });
    fireEvent.change(screen.getByLabelText('Reason for the correction'), {
      target: { value: 'Posted a day earlier' },
    });
    return () => api.to(CORRECT);
  }
  const correct = () => fireEvent.click(screen.getByRole('button', { name: 'Correct the record' }));

  it('sends the date typed as day, month and year as an ISO date', async () => {
    const corrections = await openCorrection();
    typeDate('Date sent to HMRC', '1', '11', '2026');
    correct();
    await waitFor(() => expect(corrections()).toHaveLength(1));
    expect(corrections()[0]!.body).toMatchObject({
      record: 'sent',
      sentOn: '2026-11-01',
      sentMethod: 'post',
    });
  });

  it('an impossible date shows the message and sends nothing', async () => {
    const corrections = await openCorrection();
    typeDate('Date sent to HMRC', '31', '4', '2026');
    correct();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The date the claim was sent to HMRC must be a real date',
    );
    expect(dateBoxes('Date sent to HMRC').day).toHaveAttribute('aria-invalid', 'true');
    await new Promise((r) => setTimeout(r, 50));
    expect(corrections()).toHaveLength(0);
  });
});
