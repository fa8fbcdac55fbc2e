import { UUID_PATTERN } from '@taxback/domain/uuid';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { StreamingReader } from '../../db/connect.ts';
import type { Database } from '../../db/database.ts';
import { routeSchema } from '../../http/contract.ts';
import { sendDownload } from '../../http/downloads.ts';
import { NotFoundError } from '../../errors.ts';
import { type AuditLog, type AuthService, operatorContext } from '../operators/index.ts';
import type { AdminClaimsService } from './claims-service.ts';
import { createClaimListQueries } from './claim-list-queries.ts';
import { claimsCsvStream } from './claims-csv.ts';

function claimId(params: { id: string }): string {
  if (!UUID_PATTERN.test(params.id)) throw new NotFoundError();
  return params.id.toLowerCase();
}

export async function claimsRoutes(
  base: FastifyInstance,
  opts: {
    auth: AuthService;
    claims: AdminClaimsService;
    audit: AuditLog;
    now: () => Date;
    db: Kysely<Database>;
    openReader: () => StreamingReader | null;
  },
) {
  const { claims, audit } = opts;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof operatorContext>[0]) => operatorContext(request).operator.id;
  /** Who acts, with their role: every claim write is checked by assertMayChangeClaim (D34). */
  const who = (request: Parameters<typeof operatorContext>[0]) => {
    const { id, role } = operatorContext(request).operator;
    return { id, role };
  };

  // A list shows claimants' names and contact details, so every page of it is audited with the
  // filters used and the claims it showed (issue 11: every view of personal data).
  app.get('/claims', { schema: routeSchema('listClaims') }, async (request) => {
    const query = request.query;
    const list = await claims.list(actor(request), query);
    await audit.record({
      actor: actor(request),
      action: 'claims-listed',
      entity: 'claims',
      entityId: 'list',
      detail: { filters: query, total: list.total, shown: list.claims.map((c) => c.id) },
    });
    return list;
  });

  // Issue 45: the export streams every matching claim from a connection of its own, a batch at a
  // time, so its memory stays flat at a million claims and a slow download holds no request
  // connection. Audited before the first byte, with the filters and how many claims they match.
  const exportOptions = { schema: routeSchema('exportClaims') };
  app.get('/claims/export.csv', exportOptions, async (request, reply) => {
    const query = request.query;
    const operatorId = actor(request);
    const { page: _page, ...filters } = query;
    await audit.record({
      actor: operatorId,
      action: 'claims-exported',
      entity: 'claims',
      entityId: 'list',
      detail: { filters, rows: await createClaimListQueries(opts.db).countMatching(query, operatorId) },
    });
    const reader = opts.openReader();
    const rows = createClaimListQueries(reader?.db ?? opts.db).streamAll(query, operatorId);
    const csv = claimsCsvStream(rows, opts.now(), ({ error }) => {
      if (error) request.log.warn({ err: error }, 'the claims export stopped before its end');
      void reader?.close().catch(() => {});
    });
    const day = opts.now().toISOString().slice(0, 10);
    return sendDownload(reply, { type: 'csv', filename: `claims-${day}.csv`, body: csv });
  });

  app.get('/claims/:id', { schema: routeSchema('getClaim') }, async (request) =>
    claims.detail(actor(request), claimId(request.params)),
  );

  const niOptions = { schema: routeSchema('revealNiNumber') };
  app.post('/claims/:id/ni-number', niOptions, async (request) =>
    claims.revealNiNumber(actor(request), claimId(request.params)),
  );

  app.get('/claims/:id/p87.pdf', { schema: routeSchema('p87Worksheet') }, async (request, reply) => {
    const { pdf, filename } = await claims.p87Worksheet(actor(request), claimId(request.params));
    return sendDownload(reply, { type: 'pdf', filename, body: pdf });
  });

  const statusOptions = { schema: routeSchema('changeClaimStatus') };
  app.post('/claims/:id/status', statusOptions, async (request) =>
    claims.changeStatus(who(request), claimId(request.params), request.body),
  );

  const takeNextOptions = { schema: routeSchema('takeNextClaim') };
  app.post('/claims/take-next', takeNextOptions, async (request) => claims.takeNext(who(request)));

  const allocateManyOptions = { schema: routeSchema('allocateClaims') };
  app.post('/claims/allocate', allocateManyOptions, async (request) =>
    claims.allocateMany(who(request), request.body),
  );

  app.post('/claims/:id/take', { schema: routeSchema('takeClaim') }, async (request) =>
    claims.take(who(request), claimId(request.params)),
  );

  app.post('/claims/:id/owner', { schema: routeSchema('allocateClaim') }, async (request) =>
    claims.allocate(who(request), claimId(request.params), request.body),
  );

  const correctOptions = { schema: routeSchema('correctHmrcRecord') };
  app.post('/claims/:id/hmrc-records', correctOptions, async (request) =>
    claims.correctHmrcRecord(who(request), claimId(request.params), request.body),
  );

  const yearAnswerOptions = { schema: routeSchema('recordYearAnswer') };
  app.post('/claims/:id/year-answers', yearAnswerOptions, async (request) =>
    claims.recordYearAnswer(who(request), claimId(request.params), request.body),
  );

  // D41: the case's invoice for the fee (no nomination): issue, payments, write-off, credit, PDF.
  app.post('/claims/:id/invoice', { schema: routeSchema('issueInvoice') }, async (request, reply) =>
    reply.code(201).send(await claims.issueInvoice(who(request), claimId(request.params))),
  );
  const paymentOptions = { schema: routeSchema('recordInvoicePayment') };
  app.post('/claims/:id/invoice/payments', paymentOptions, async (request) =>
    claims.recordInvoicePayment(who(request), claimId(request.params), request.body),
  );
  const writeOffOptions = { schema: routeSchema('writeOffInvoice') };
  app.post('/claims/:id/invoice/write-off', writeOffOptions, async (request) =>
    claims.writeOffInvoice(who(request), claimId(request.params), request.body),
  );
  const creditOptions = { schema: routeSchema('creditInvoice') };
  app.post('/claims/:id/invoice/credit', creditOptions, async (request) =>
    claims.creditInvoice(who(request), claimId(request.params), request.body),
  );
  app.get('/claims/:id/invoice.pdf', { schema: routeSchema('invoicePdf') }, async (request, reply) => {
    const { pdf, filename } = await claims.invoicePdf(actor(request), claimId(request.params));
    return sendDownload(reply, { type: 'pdf', filename, body: pdf });
  });

  const duplicateOptions = { schema: routeSchema('answerDuplicate') };
  app.post('/claims/:id/duplicates', duplicateOptions, async (request) =>
    claims.answerDuplicate(who(request), claimId(request.params), request.body),
  );

  const detailsOptions = { schema: routeSchema('editClaimDetails') };
  app.post('/claims/:id/details', detailsOptions, async (request) =>
    claims.editDetails(who(request), claimId(request.params), request.body),
  );

  app.get('/claims/:id/thread', { schema: routeSchema('getClaimThread') }, async (request) =>
    claims.thread(actor(request), claimId(request.params)),
  );

  app.post('/claims/:id/messages', { schema: routeSchema('addClaimMessage') }, async (request, reply) =>
    reply.code(201).send(await claims.addMessage(who(request), claimId(request.params), request.body)),
  );

  const requestOptions = { schema: routeSchema('requestClaimInformation') };
  app.post('/claims/:id/information-requests', requestOptions, async (request) =>
    claims.requestInformation(who(request), claimId(request.params), request.body),
  );

  app.post('/claims/:id/notes', { schema: routeSchema('addClaimNote') }, async (request, reply) => {
    const { body } = request.body;
    return reply.code(201).send(await claims.addNote(who(request), claimId(request.params), body));
  });
}
