import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { CallBackItem } from '@taxback/domain/api/admin-responses';
import { CallBacksPage } from './call-backs-page.tsx';
import { fakeAdminApi, type Reply } from '../../../test/admin-helpers.ts';

// /admin/call-backs (D27): who asked to be called about Self Assessment; removing a request once
// called deletes its name and number.

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/admin/call-backs';
const callBack = (n: number, name: string): CallBackItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  phone: `07700 90012${n}`,
  topic: 'self-assessment',
  requestedAt: '2026-11-20T09:30:00.000Z',
});
const REMOVE_SAM = 'DELETE /api/admin/call-backs/00000000-0000-4000-8000-000000000002';

function open(callBacks: CallBackItem[], replies: Record<string, Reply[]> = {}) {
  const api = fakeAdminApi({ [LIST]: { callBacks } }, replies);
  render(<CallBacksPage />);
  return api;
}

const removeButton = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^Remove ?the request from ${name}$`) });

describe('/admin/call-backs', () => {
  it('lists each request: the name, a number to ring, the topic in words', async () => {
    open([callBack(1, 'Ann Able'), callBack(2, 'Sam Sole')]);
    const row = (await screen.findByRole('rowheader', { name: 'Sam Sole' })).closest('tr')!;
    expect(row).toHaveTextContent('Self Assessment (self-employed or CIS)');
    expect(screen.getByRole('link', { name: '07700 900122' })).toHaveAttribute('href', 'tel:07700 900122');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('no request: says so, no table', async () => {
    open([]);
    expect(await screen.findByTestId('call-backs-empty')).toHaveTextContent(
      'There are no call-back requests.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('Remove sends DELETE for that request, says whose it was and drops its row', async () => {
    const api = open([callBack(1, 'Ann Able'), callBack(2, 'Sam Sole')], { [REMOVE_SAM]: [[204, null]] });
    fireEvent.click(await removeButton('Sam Sole'));
    expect(await screen.findByTestId('call-backs-message')).toHaveTextContent(
      'Removed the request from Sam Sole.',
    );
    expect(api.to(REMOVE_SAM)).toHaveLength(1);
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('rowheader', { name: 'Sam Sole' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Ann Able' })).toBeVisible();
  });

  it('a request already removed elsewhere (404) also leaves the list', async () => {
    open([callBack(2, 'Sam Sole')], { [REMOVE_SAM]: [[404, { error: 'Not found' }]] });
    fireEvent.click(await removeButton('Sam Sole'));
    expect(await screen.findByTestId('call-backs-message')).toHaveTextContent(
      'Removed the request from Sam Sole.',
    );
    expect(screen.getByTestId('call-backs-empty')).toBeVisible();
  });

  it('a refused removal keeps the row and says why in an alert', async () => {
    open([callBack(2, 'Sam Sole')], {
      [REMOVE_SAM]: [[503, { error: 'The service is busy. Please try again.' }]],
    });
    fireEvent.click(await removeButton('Sam Sole'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');
    expect(screen.getByRole('rowheader', { name: 'Sam Sole' })).toBeVisible();
    expect(screen.queryByTestId('call-backs-message')).toBeNull();
  });

  it('a list that cannot be loaded says so, with no table', async () => {
    fakeAdminApi({}, { [LIST]: [[403, { error: 'Not allowed' }]] });
    render(<CallBacksPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('call-backs-empty')).toBeNull();
  });
});
