import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../http/contract.ts';
import { type AuditLog, operatorContext } from '../operators/index.ts';
import { affiliateReport, auditLog } from './reports.ts';

/** The back-office's reports under /api/admin: claims by affiliate (each view audited) and the audit log. */
export async function reportsRoutes(base: FastifyInstance, opts: { audit: AuditLog }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const reportOptions = { schema: routeSchema('affiliateReport') };
  app.get('/reports/affiliates', reportOptions, async (request) => {
    const range = request.query;
    await opts.audit.record({
      actor: operatorContext(request).operator.id,
      action: 'affiliate-report-viewed',
      entity: 'report',
      entityId: 'affiliates',
      detail: range,
    });
    return { affiliates: await affiliateReport(app.db, range) };
  });

  app.get('/audit', { schema: routeSchema('auditLog') }, async (request) => auditLog(app.db, request.query));
}
