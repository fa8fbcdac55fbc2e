import { lazy, Suspense } from 'react';
import type { DashboardSection as Section } from '@taxback/domain/dashboard';
import {
  dashboardTable,
  type Cell,
  type CellFormat,
  type Dashboard,
} from '@taxback/domain/dashboard-schemas';
import { hrefOf } from '../../../lib/api/admin-client.ts';
import { formatPence } from '../admin-api.ts';
import { DataTable } from '../admin-ui.tsx';
import { chartData } from './chart-data.ts';
import { SERIES_STYLES } from './series-styles.ts';

// uPlot and the chart's code load only when a chart is first drawn (decision 072).
const DashboardChart = lazy(() => import('./dashboard-chart.tsx'));

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

function formatCell(cell: Cell, format: CellFormat): string {
  if (cell === null) return '–';
  if (typeof cell === 'number') return format === 'pence' ? formatPence(cell) : cell.toLocaleString('en-GB');
  return format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? longDate(cell) : cell;
}

const UNIT_WORDS = { claims: 'claims', visits: 'arrivals', pounds: 'pounds', days: 'days' } as const;

/** One section: its heading, chart, legend, notes, the same figures as a table and as a CSV. */
export function DashboardSection({
  dashboard,
  section,
  filters,
  note,
}: {
  dashboard: Dashboard;
  section: Section;
  filters: Record<string, string>;
  note?: string;
}) {
  const table = dashboardTable(dashboard, section);
  const chart = chartData(dashboard, section);
  const id = `dashboard-${section}`;
  return (
    <section aria-labelledby={id} className="mb-10 border-t-2 border-gray-300 pt-6" data-testid={id}>
      <h2 id={id} className="mb-2 text-2xl">
        {table.title}
      </h2>
      {note && <p className="mb-3 text-muted">{note}</p>}
      <ul
        className="mb-2 flex flex-wrap gap-x-6 gap-y-1"
        aria-label={`What the chart’s ${chart.kind === 'categories' ? 'bars' : 'lines'} show`}
      >
        {chart.series.map((s, i) => {
          const style = SERIES_STYLES[i % SERIES_STYLES.length]!;
          return (
            <li key={s.label} className="flex items-center gap-2">
              <svg width="28" height="12" aria-hidden="true" focusable="false">
                <line
                  x1="0"
                  y1="6"
                  x2="28"
                  y2="6"
                  stroke={style.colour}
                  strokeWidth={chart.kind === 'categories' ? 10 : 3}
                  strokeDasharray={chart.kind === 'categories' ? undefined : style.dash?.join(' ')}
                />
              </svg>
              {s.label}
              {chart.kind === 'weeks' && <span className="sr-only"> ({style.pattern})</span>}
            </li>
          );
        })}
      </ul>
      <Suspense fallback={<p className="h-60">Loading the chart…</p>}>
        <DashboardChart
          data={chart}
          name={`Chart of ${table.title.toLowerCase()}, in ${UNIT_WORDS[chart.unit]}. The same figures are in the table below.`}
        />
      </Suspense>
      <details className="mt-4" data-testid={`${id}-table`}>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700 underline">
          Show as a table<span className="sr-only">: {table.title}</span>
        </summary>
        {table.rows.length === 0 ? (
          <p className="mt-2">Nothing in this range.</p>
        ) : (
          <DataTable
            label={`${table.title}, as a table`}
            caption={table.title}
            headers={table.columns.map((c) => c.label)}
            className="mt-2"
          >
            {table.rows.map((row, r) => (
              <tr key={r} className="border-b border-gray-300">
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="px-2 py-2 font-normal">
                      {formatCell(cell, table.columns[c]!.format)}
                    </th>
                  ) : (
                    <td key={c} className="px-2 py-2">
                      {formatCell(cell, table.columns[c]!.format)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </details>
      <p className="mt-2">
        <a href={hrefOf('dashboardCsv', { query: { ...filters, section } })} download>
          Download as CSV<span className="sr-only">: {table.title}</span>
        </a>
      </p>
    </section>
  );
}
