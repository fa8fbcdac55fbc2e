import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ClaimEditForm, DetailChanges } from './claim-edit-form.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { dateBoxes, fakeAdminApi, typeDate, workflowOf, type Reply } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// D32 (issue 28): an operator completes or corrects one answer that does not change the amount,
// with a reason; the old value stays in the claim's history and the claimant is told.

afterEach(() => vi.unstubAllGlobals());

const EDIT = `POST /api/admin/claims/${CLAIM_ID}/details`;
const EDITED = {
  id: CLAIM_ID,
  workflow: workflowOf({ status: 'in-review', statusLabel: 'In review', version: 4, allowedMoves: [] }),
  readiness: [],
};
const EMPLOYMENTS: ClaimDetail['employments'] = [
  {
    id: 'e1',
    employerName: 'Acme Ltd',
    payeReference: null,
    jobTitle: 'Engineer',
    continuing: true,
    endDate: null,
  },
];

function open(replies: Record<string, Reply[]> = {}, claim: Partial<ClaimDetail> = {}) {
  const api = fakeAdminApi({}, replies);
  const onChanged = vi.fn(() => Promise.resolve());
  render(<ClaimEditForm claim={claimDetail({ employments: EMPLOYMENTS, ...claim })} onChanged={onChanged} />);
  return { api, onChanged };
}
const detail = () => screen.getByLabelText(/^Detail to change/) as HTMLSelectElement;
const choose = (label: string) => {
  const option = Array.from(detail().options).find((o) => o.text === label)!;
  fireEvent.change(detail(), { target: { value: option.value } });
};
const reason = (text: string) =>
  fireEvent.change(screen.getByLabelText(/^Reason for the change/), { target: { value: text } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save change' }));

describe('complete or correct a detail (D32)', () => {
  it('offers the claimant’s details and each employment’s; a general claim only the names', () => {
    const { unmount } = render(
      <ClaimEditForm claim={claimDetail({ employments: EMPLOYMENTS })} onChanged={vi.fn()} />,
    );
    expect(Array.from(detail().options).map((o) => o.text)).toEqual([
      'Select a detail',
      'First names',
      'Surname',
      'Date of birth',
      'Home address',
      'National Insurance number',
      'Employer name (employment 1)',
      'Employer PAYE reference (employment 1)',
      'Job title (employment 1)',
      'Whether the job continues or when it ended (employment 1)',
    ]);
    unmount();
    const claimant = {
      firstName: 'Gwen',
      lastName: 'General',
      email: 'g@example.com',
      phone: '07700 900999',
      niNumberMasked: null,
    };
    render(<ClaimEditForm claim={claimDetail({ kind: 'general', claimant })} onChanged={vi.fn()} />);
    expect(Array.from(detail().options).map((o) => o.text)).toEqual([
      'Select a detail',
      'First names',
      'Surname',
    ]);
  });

  it('a draft cannot be edited', () => {
    open(
      {},
      { workflow: workflowOf({ status: 'draft', statusLabel: 'Draft', version: 1, allowedMoves: [] }) },
    );
    expect(screen.queryByRole('heading', { name: 'Complete or correct a detail' })).toBeNull();
  });

  it('a PAYE reference: shows what is held, sends the field, employment, value, reason and version', async () => {
    const { api, onChanged } = open({ [EDIT]: [[200, EDITED]] });
    choose('Employer PAYE reference (employment 1)');
    expect(detail()).toHaveAccessibleDescription('Now: not given');
    fireEvent.change(screen.getByLabelText(/^New Employer PAYE reference/), {
      target: { value: '123/AB456' },
    });
    reason('From the P60');
    save();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Employer PAYE reference (employment 1) changed. The claimant has been told by text and email.',
    );
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(api.sent(EDIT)).toEqual([
      { field: 'payeReference', employmentId: 'e1', value: '123/AB456', reason: 'From the P60', version: 3 },
    ]);
    expect(detail()).toHaveValue('');
  });

  it('the date of birth starts at what is held, as day, month and year, and goes as its parts', async () => {
    const { api } = open({ [EDIT]: [[200, EDITED]] });
    choose('Date of birth');
    expect(dateBoxes('New date of birth')).toMatchObject({
      day: { value: '1' },
      month: { value: '1' },
      year: { value: '1980' },
    });
    typeDate('New date of birth', '2', '1', '1980');
    reason('Passport');
    save();
    await waitFor(() => expect(api.sent(EDIT)).toHaveLength(1));
    expect(api.sent(EDIT)[0]).toMatchObject({
      field: 'dateOfBirth',
      employmentId: null,
      value: { day: '2', month: '1', year: '1980' },
    });
  });

  it('the address starts at what is held; the NI number is typed afresh', () => {
    open();
    choose('Home address');
    expect(screen.getByLabelText(/^New home address/)).toHaveValue('1 High Street, Leeds');
    expect(screen.getByLabelText(/^New postcode/)).toHaveValue('LS1 1AA');
    choose('National Insurance number');
    expect(detail()).toHaveAccessibleDescription('Now: *****456C');
    expect(screen.getByLabelText(/^New National Insurance number/)).toHaveValue('');
  });

  it('nothing chosen: a message at the field, focused, nothing sent', async () => {
    const { api } = open();
    save();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Select the detail to change');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(api.calls).toHaveLength(0);
  });

  it('a 400 with errors: the address’s messages at their own boxes, the summary focused', async () => {
    const errors = { 'value.postcode': 'Enter a real postcode', reason: 'Enter the reason for the change' };
    const { onChanged } = open({ [EDIT]: [[400, { errors }]] });
    choose('Home address');
    save();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/Enter a real postcode\s*Enter the reason for the change/);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^New postcode/)).toHaveAccessibleDescription(/Enter a real postcode/);
    expect(screen.getByLabelText(/^Reason for the change/)).toHaveAccessibleDescription(/Enter the reason/);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('an employment’s end: the date asked only when the job has ended', () => {
    open();
    choose('Whether the job continues or when it ended (employment 1)');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'When did the job end?' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'No, the job has ended' }));
    expect(screen.getByRole('group', { name: 'When did the job end?' })).toBeVisible();
  });
});

describe('the details changed by operators', () => {
  it('each change with the old and new values and the reason; none says so', () => {
    const edits: ClaimDetail['edits'] = [
      {
        id: 'd1',
        field: 'lastName',
        label: 'Surname',
        oldValue: 'Fule',
        newValue: 'Fuel',
        reason: 'Typo',
        operator: null,
        createdAt: '2026-11-02T10:00:00.000Z',
      },
    ];
    const { unmount } = render(<DetailChanges claim={claimDetail({ edits })} />);
    expect(screen.getByTestId('detail-changes')).toHaveTextContent(
      /Surname\s*Was: Fule\. Now: Fuel\.\s*Reason: Typo\s*Unknown operator/,
    );
    unmount();
    render(<DetailChanges claim={claimDetail()} />);
    expect(screen.getByText('No details changed.')).toBeVisible();
  });
});
