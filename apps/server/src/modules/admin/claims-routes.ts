import type { FastifyInstance } from 'fastify';
import {
  affiliateReportQuerySchema,
  auditQuerySchema,
  claimListQuerySchema,
  claimNoteSchema,
  statusChangeSchema,
} from '@taxback/domain/admin-schemas';
import { NotFoundError } from '../../http/errors.ts';
import type { AuditLog } from './audit.ts';
import type { AuthService } from './auth-service.ts';
import type { AdminClaimsService } from './claims-service.ts';
import { operatorContext, requireOperator } from './guard.ts';
import { affiliateReport, auditLog, claimsCsv } from './reports.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const EXPORT_MAX_ROWS = 100_000;

function claimId(params: { id: string }): string {
  if (!UUID_PATTERN.test(params.id)) throw new NotFoundError();
  return params.id.toLowerCase();
}

export async function claimsRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; claims: AdminClaimsService; audit: AuditLog; now: () => Date },
) {
  const { claims, audit } = opts;
  const signedIn = requireOperator(opts.auth);
  const adminOnly = requireOperator(opts.auth, { role: 'admin' });
  const actor = (request: Parameters<typeof operatorContext>[0]) => operatorContext(request).operator.id;

  // A list shows claimants' names and contact details, so every page of it is audited with the
  // filters used and the claims it showed (issue 11: every view of personal data).
  app.get('/claims', { preHandler: signedIn }, async (request) => {
    const query = claimListQuerySchema.parse(request.query ?? {});
    const list = await claims.list(query);
    await audit.record({
      actor: actor(request),
      action: 'claims-listed',
      entity: 'claims',
      entityId: 'list',
      detail: { filters: query, total: list.total, shown: list.claims.map((c) => c.id) },
    });
    return list;
  });

  app.get('/claims/export.csv', { preHandler: signedIn }, async (request, reply) => {
    const query = claimListQuerySchema.parse(request.query ?? {});
    const rows = await claims.listAll(query, EXPORT_MAX_ROWS);
    const { page: _page, ...filters } = query;
    await audit.record({
      actor: actor(request),
      action: 'claims-exported',
      entity: 'claims',
      entityId: 'list',
      detail: { filters, rows: rows.length },
    });
    const day = opts.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="claims-${day}.csv"`)
      .send(claimsCsv(rows));
  });

  app.get<{ Params: { id: string } }>('/claims/:id', { preHandler: signedIn }, async (request) =>
    claims.detail(actor(request), claimId(request.params)),
  );

  app.post<{ Params: { id: string } }>('/claims/:id/ni-number', { preHandler: signedIn }, async (request) =>
    claims.revealNiNumber(actor(request), claimId(request.params)),
  );

  app.get<{ Params: { id: string } }>(
    '/claims/:id/p87.pdf',
    { preHandler: signedIn },
    async (request, reply) => {
      const { pdf, filename } = await claims.p87Worksheet(actor(request), claimId(request.params));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .send(Buffer.from(pdf));
    },
  );

  app.post<{ Params: { id: string } }>('/claims/:id/status', { preHandler: signedIn }, async (request) => {
    const change = statusChangeSchema.parse(request.body ?? {});
    return claims.changeStatus(actor(request), claimId(request.params), change);
  });

  app.post<{ Params: { id: string } }>(
    '/claims/:id/notes',
    { preHandler: signedIn },
    async (request, reply) => {
      const { body } = claimNoteSchema.parse(request.body ?? {});
      return reply.code(201).send(await claims.addNote(actor(request), claimId(request.params), body));
    },
  );

  app.get('/reports/affiliates', { preHandler: signedIn }, async (request) => {
    const range = affiliateReportQuerySchema.parse(request.query ?? {});
    await audit.record({
      actor: actor(request),
      action: 'affiliate-report-viewed',
      entity: 'report',
      entityId: 'affiliates',
      detail: range,
    });
    return { affiliates: await affiliateReport(app.db, range) };
  });

  app.get('/audit', { preHandler: adminOnly }, async (request) =>
    auditLog(app.db, auditQuerySchema.parse(request.query ?? {})),
  );
}
