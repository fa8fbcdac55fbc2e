import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuditPage } from './audit-page.tsx';
import { dateBoxes, fakeAdminApi, typeDate } from '../../../test/admin-helpers.ts';

// Issue 44: the audit log's "From" and "To" are GOV.UK date inputs; the API keeps ISO dates.

afterEach(() => vi.unstubAllGlobals());

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

const EVENT = {
  id: 'e1',
  actor: '00000000-0000-4000-8000-000000000002',
  operator: 'Ola Operator',
  action: 'sign-in',
  entity: 'operator',
  entityId: '00000000-0000-4000-8000-000000000002',
  subject: 'Ola Operator',
  detail: null,
  at: '2025-01-15T10:00:00.000Z',
};

async function openAudit(search = '', events: unknown[] = []) {
  const api = fakeAdminApi({
    'GET /api/admin/operators': { operators: [] },
    'GET /api/admin/audit': { events, page: 1, hasMore: false },
  });
  render(
    <MemoryRouter initialEntries={[`/admin/audit${search}`]}>
      <Routes>
        <Route
          path="/admin/audit"
          element={
            <>
              <AuditPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByText(events.length ? /^Page 1/ : 'No events match these filters');
  return () => api.to('GET /api/admin/audit');
}

const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

describe('the audit log’s date filters (issue 44)', () => {
  it('sends the dates typed as day, month and year as ISO dates', async () => {
    const pages = await openAudit();
    typeDate('From', '6', '4', '2025');
    typeDate('To', '5', '4', '2026');
    apply();
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages()[1]!.query.get('from')).toBe('2025-04-06');
    expect(pages()[1]!.query.get('to')).toBe('2026-04-05');
    expect(screen.getByTestId('address')).toHaveTextContent('?from=2025-04-06&to=2026-04-05');
    // The boxes follow the address and keep what was typed.
    expect(dateBoxes('From')).toMatchObject({ day: { value: '6' }, month: { value: '4' } });
  });

  it('an impossible date shows the message at its boxes and sends nothing', async () => {
    const pages = await openAudit('?from=2025-01-01');
    typeDate('To', '31', '2', '2027');
    apply();
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must be a real date');
    expect(screen.getByRole('group', { name: 'To' })).toHaveAccessibleDescription(
      /The end date must be a real date/,
    );
    expect(dateBoxes('To').day).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('To').year).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(pages()).toHaveLength(1);
    expect(screen.getByTestId('address')).toHaveTextContent('?from=2025-01-01');
  });

  it('empty boxes are no bound', async () => {
    const pages = await openAudit('?from=2025-01-01&to=2025-01-31');
    expect(dateBoxes('To')).toMatchObject({ day: { value: '31' }, month: { value: '1' } });
    typeDate('From', '', '', '');
    apply();
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages()[1]!.query.has('from')).toBe(false);
    expect(pages()[1]!.query.get('to')).toBe('2025-01-31');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a link that changes the address puts the boxes back to its dates', async () => {
    const pages = await openAudit('?from=2025-01-01', [EVENT]);
    typeDate('From', '9', '9', '2029');
    fireEvent.click(screen.getByRole('link', { name: 'Ola Operator' }));
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages()[1]!.query.get('actor')).toBe(EVENT.actor);
    expect(pages()[1]!.query.get('from')).toBe('2025-01-01');
    expect(dateBoxes('From')).toMatchObject({ day: { value: '1' }, month: { value: '1' } });
  });
});
