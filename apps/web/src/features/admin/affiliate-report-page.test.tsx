import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AffiliateReportPage } from './affiliate-report-page.tsx';
import { dateBoxes, fakeAdminApi, typeDate } from '../../../test/admin-helpers.ts';

// Issue 44: the affiliate report's "Started from" and "Started to" are GOV.UK date inputs.

afterEach(() => vi.unstubAllGlobals());

async function openReport(search = '') {
  const api = fakeAdminApi({ 'GET /api/admin/reports/affiliates': { affiliates: [] } });
  render(
    <MemoryRouter initialEntries={[`/admin/reports/affiliates${search}`]}>
      <Routes>
        <Route path="/admin/reports/affiliates" element={<AffiliateReportPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByText('No claims in this range.');
  return () => api.to('GET /api/admin/reports/affiliates');
}

const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show report' }));

describe('the affiliate report’s date range (issue 44)', () => {
  it('sends the dates typed as day, month and year as ISO dates', async () => {
    const reports = await openReport();
    typeDate('Started from', '1', '11', '2026');
    typeDate('Started to', '30', '11', '2026');
    show();
    await waitFor(() => expect(reports()).toHaveLength(2));
    expect(reports()[1]!.query.get('from')).toBe('2026-11-01');
    expect(reports()[1]!.query.get('to')).toBe('2026-11-30');
  });

  it('an impossible or partly typed date shows its message and sends nothing', async () => {
    const reports = await openReport();
    typeDate('Started from', '29', '2', '2026');
    typeDate('Started to', '', '3', '2026');
    show();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The start date must be a real date');
    expect(summary).toHaveTextContent('The end date must include a day');
    expect(dateBoxes('Started from').day).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Started to').day).toHaveAttribute('aria-invalid', 'true');
    expect(dateBoxes('Started to').month).not.toHaveAttribute('aria-invalid');
    await new Promise((r) => setTimeout(r, 50));
    expect(reports()).toHaveLength(1);
  });

  it('empty boxes are no bound', async () => {
    const reports = await openReport('?from=2026-11-01');
    typeDate('Started from', '', '', '');
    typeDate('Started to', '5', '12', '2026');
    show();
    await waitFor(() => expect(reports()).toHaveLength(2));
    expect(reports()[1]!.query.has('from')).toBe(false);
    expect(reports()[1]!.query.get('to')).toBe('2026-12-05');
  });
});
