import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvCell, dashboardTable } from '@taxback/domain/dashboard-schemas';
import { routeSchema } from '../../http/contract.ts';
import { sendDownload } from '../../http/downloads.ts';
import { neutraliseCell } from '../../http/csv-cells.ts';
import { createAuditLog, operatorContext } from '../operators/index.ts';
import { buildDashboard, dashboardFilters } from './dashboard.ts';
import type { FunnelSteps } from './funnel-steps.ts';
import { createDashboardQueries } from './queries.ts';

/**
 * Issue 45: the admins' dashboard and each of its sections as CSV. Admins only (the contract's
 * access). Figures only, never a claimant: the page is not audited; a download, as every export
 * is (D22), is.
 */
export async function dashboardRoutes(
  base: FastifyInstance,
  opts: { funnel: FunnelSteps; now: () => Date },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const queries = createDashboardQueries(app.db);
  const audit = createAuditLog(app.db, opts.now);

  async function dashboardOf(query: Parameters<typeof dashboardFilters>[0]) {
    const now = opts.now();
    const filters = dashboardFilters(query, now);
    // This process's latest funnel counts first (another instance's arrive within seconds).
    await opts.funnel.flush();
    return buildDashboard(queries, filters, now);
  }

  app.get('/dashboard', { schema: routeSchema('getDashboard') }, async (request) =>
    dashboardOf(request.query),
  );

  app.get('/dashboard.csv', { schema: routeSchema('dashboardCsv') }, async (request, reply) => {
    const { section, ...query } = request.query;
    const dashboard = await dashboardOf(query);
    const table = dashboardTable(dashboard, section);
    await audit.record({
      actor: operatorContext(request).operator.id,
      action: 'dashboard-exported',
      entity: 'report',
      entityId: 'dashboard',
      detail: {
        section,
        from: dashboard.from,
        to: dashboard.to,
        kind: dashboard.kind,
        affiliate: dashboard.affiliate,
      },
    });
    const csv = stringify(
      [
        table.columns.map((c) => neutraliseCell(c.label)),
        ...table.rows.map((row) =>
          row.map((cell, i) => neutraliseCell(csvCell(cell, table.columns[i]!.format))),
        ),
      ],
      { record_delimiter: '\r\n' },
    );
    const filename = `dashboard-${section}-${dashboard.from}-to-${dashboard.to}.csv`;
    return sendDownload(reply, { type: 'csv', filename, body: csv });
  });
}

/** Issue 45: the one funnel step the server cannot see, the expenses page, counted from the browser. */
export async function funnelStepRoutes(base: FastifyInstance, opts: { funnel: FunnelSteps }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/funnel-steps/:step', { schema: routeSchema('countFunnelStep') }, async (request, reply) => {
    opts.funnel.count(request.params.step);
    return reply.code(204).send();
  });
}
