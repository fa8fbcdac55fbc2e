import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { YEAR_ANSWER_MESSAGES } from '@taxback/domain';
import { AdminSessionProvider } from './admin-session.tsx';
import { YearAnswers } from './claim-year-answers.tsx';
import type { ClaimDetail } from './claim-detail.ts';
import { fakeAdminApi, signedIn, typeDate, workflowOf, type Reply } from '../../../test/admin-helpers.ts';
import { CLAIM_ID, claimDetail } from '../../../test/claim-fixture.ts';

// D40: HMRC's answer for each tax year of the case, every version, the fee on what HMRC repaid;
// the owner records a year's answer, an admin corrects one with a reason.

afterEach(() => vi.unstubAllGlobals());

const ANSWER = `POST /api/admin/claims/${CLAIM_ID}/year-answers`;
const ME = signedIn('caseworker').operator;
type Years = ClaimDetail['hmrcYears'];
type Version = NonNullable<Years['years'][number]['current']>;

const ACCEPTED: Version = {
  year: '2023/24',
  version: 1,
  decision: 'accepted',
  pence: 40_000,
  givenAs: 'repayment',
  decidedOn: '2026-11-20',
  hmrcReason: '',
  correctionReason: null,
  operator: 'Olive',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const YEARS: Years = {
  caseId: CLAIM_ID,
  years: [
    { year: '2023/24', claimedPence: 50_000, current: ACCEPTED, history: [ACCEPTED] },
    { year: '2024/25', claimedPence: 60_000, current: null, history: [] },
  ],
  money: {
    repaidPence: 40_000,
    taxCodePence: 0,
    feeBasePence: 40_000,
    feeOn: 'the £400.00 HMRC repaid',
    feePence: 12_000,
    claimantPence: 28_000,
  },
};
const SENT = workflowOf({
  status: 'sent-to-hmrc',
  statusLabel: 'Sent to HMRC',
  version: 5,
  allowedMoves: [],
});

function open(
  role: 'admin' | 'caseworker',
  claim: Partial<ClaimDetail>,
  replies: Record<string, Reply[]> = {},
) {
  const api = fakeAdminApi({ 'GET /api/admin/me': signedIn(role) }, replies);
  const onChanged = vi.fn(() => Promise.resolve());
  const owner = { id: ME.id, name: ME.name, role: 'caseworker' };
  render(
    <AdminSessionProvider>
      <YearAnswers
        claim={claimDetail({ workflow: SENT, hmrcYears: YEARS, owner, ...claim })}
        onChanged={onChanged}
      />
    </AdminSessionProvider>,
  );
  return { api, onChanged };
}
const signedInKnown = (api: ReturnType<typeof fakeAdminApi>) =>
  waitFor(() => expect(api.to('GET /api/admin/me')).toHaveLength(1)).then(
    () => new Promise((r) => setTimeout(r, 20)),
  );
const decide = (decision: string) =>
  fireEvent.change(screen.getByLabelText(/^HMRC’s decision/), { target: { value: decision } });
const record = () => fireEvent.click(screen.getByRole('button', { name: 'Record the answer' }));

describe('HMRC’s answers, year by year (D40)', () => {
  it('not sent to HMRC and nothing answered: no section', () => {
    const empty = { ...YEARS, years: YEARS.years.map((y) => ({ ...y, current: null, history: [] })) };
    open('admin', { workflow: claimDetail().workflow, hmrcYears: empty });
    expect(screen.queryByRole('heading', { name: 'HMRC’s answer, year by year' })).toBeNull();
  });

  it('each year’s answer and its history, and the money on what HMRC repaid', async () => {
    const { api } = open('caseworker', {});
    await signedInKnown(api);
    const answered = screen.getByRole('rowheader', { name: '2023/24' }).closest('tr')!;
    expect(answered).toHaveTextContent(/£500\.00\s*Accepted/);
    expect(within(answered).getByRole('list', { name: 'History of 2023/24' })).toHaveTextContent(
      /^Version 1: Accepted, £400\.00 \(repayment\)\. Recorded by Olive/,
    );
    expect(screen.getByRole('rowheader', { name: '2024/25' }).closest('tr')).toHaveTextContent(
      'Not answered yet',
    );
    expect(screen.getByTestId('year-answers-money')).toHaveTextContent(
      'HMRC repaid £400.00. Fee £120.00, on the £400.00 HMRC repaid; the claimant receives £280.00.',
    );
  });

  it('the owner may answer only the years not yet answered', async () => {
    open('caseworker', {});
    expect(await screen.findByRole('heading', { name: 'Record HMRC’s answer' })).toBeVisible();
    const years = Array.from((screen.getByLabelText(/^Tax year/) as HTMLSelectElement).options).map(
      (o) => o.text,
    );
    expect(years).toEqual(['2024/25']);
  });

  it('a caseworker who does not own the case sees the answers but no form', async () => {
    const { api } = open('caseworker', { owner: null });
    await signedInKnown(api);
    expect(screen.getByTestId('year-answers')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record the answer' })).toBeNull();
  });

  it('an admin corrects an answered year, with the version read and a reason', async () => {
    const { api, onChanged } = open('admin', { owner: null }, { [ANSWER]: [[200, YEARS]] });
    const year = await screen.findByLabelText(/^Tax year/);
    expect(Array.from((year as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      '2023/24 (answered: correct it)',
      '2024/25',
    ]);
    fireEvent.change(year, { target: { value: '2023/24' } });
    expect(screen.getByRole('heading', { name: 'Correct HMRC’s answer' })).toBeVisible();
    decide('reduced');
    fireEvent.change(screen.getByLabelText(/^Amount HMRC gives for the year/), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText(/^How HMRC gives it/), { target: { value: 'repayment' } });
    typeDate('Date of HMRC’s decision', '21', '11', '2026');
    fireEvent.change(screen.getByLabelText(/^HMRC’s reason/), { target: { value: 'Fewer miles allowed' } });
    fireEvent.change(screen.getByLabelText(/^Reason for the correction/), {
      target: { value: 'Typed wrongly' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Correct the answer' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.sent(ANSWER)).toEqual([
      {
        year: '2023/24',
        decision: 'reduced',
        amount: '300',
        givenAs: 'repayment',
        decidedOn: '2026-11-21',
        hmrcReason: 'Fewer miles allowed',
        correctionReason: 'Typed wrongly',
        version: 1,
      },
    ]);
  });
});

describe('recording an answer: the messages', () => {
  it('no decision: the domain’s message at the field, focused, nothing sent', async () => {
    const { api } = open('caseworker', {});
    await screen.findByRole('heading', { name: 'Record HMRC’s answer' });
    record();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(YEAR_ANSWER_MESSAGES.decision);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^HMRC’s decision/)).toHaveAccessibleDescription(
      new RegExp(YEAR_ANSWER_MESSAGES.decision),
    );
    expect(api.to(ANSWER)).toHaveLength(0);
  });

  it('a 400 with errors: each at its field (the amount too), the summary focused', async () => {
    const errors = {
      amount: YEAR_ANSWER_MESSAGES.amountRequired,
      givenAs: YEAR_ANSWER_MESSAGES.givenAsRequired,
    };
    const { onChanged } = open('caseworker', {}, { [ANSWER]: [[400, { errors }]] });
    await screen.findByRole('heading', { name: 'Record HMRC’s answer' });
    decide('accepted');
    record();
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(/^Amount HMRC gives for the year/)).toHaveAccessibleDescription(
      /like 123\.45/,
    );
    expect(screen.getByLabelText(/^How HMRC gives it/)).toHaveAccessibleDescription(
      /Select how HMRC gives the relief/,
    );
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('changed meanwhile (409): said at the decision and the claim reloaded', async () => {
    const { onChanged } = open(
      'caseworker',
      {},
      { [ANSWER]: [[409, { error: 'The year’s answer changed: look again' }]] },
    );
    await screen.findByRole('heading', { name: 'Record HMRC’s answer' });
    decide('refused');
    expect(screen.getByLabelText(/^HMRC’s reason/)).toBeVisible();
    record();
    expect(await screen.findByRole('alert')).toHaveTextContent('The year’s answer changed: look again');
    expect(screen.getByLabelText(/^HMRC’s decision/)).toHaveAccessibleDescription(/changed: look again/);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
