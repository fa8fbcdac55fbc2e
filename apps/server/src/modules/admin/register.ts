import type { FastifyInstance } from 'fastify';
import type { DocumentRenderer } from '../../documents/render-pool.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import {
  adminToken,
  authRoutes,
  createAuditLog,
  createAuthService,
  requireOperator,
  toOperatorView,
} from '../operators/index.ts';
import { callBacksRoutes } from '../call-backs/index.ts';
import { clientMoneyRoutes, type ClientMoney, type NominationSettings } from '../client-money/index.ts';
import { jobsRoutes } from './jobs-routes.ts';
import { claimsRoutes, createAdminClaimsService } from '../casework/index.ts';
import { reportsRoutes } from '../reports/index.ts';
import type { InvoiceSettings, RecordInvoicePayment } from '../invoices/index.ts';
import type { Config } from '../../config.ts';

export interface AdminOptions {
  /** The clock for sessions, lockouts and audit times (tests move it). */
  now?: (() => Date) | undefined;
  notices: ClaimNotices;
  /** Renders the P87 worksheet off the request thread (decision 029). */
  documents: DocumentRenderer;
  /** D29 (decision 076): the nomination's e-signature provider and whom it names; null: none. */
  nomination: NominationSettings | null;
}

/** D41: our invoices' details from the configuration (the status page's download uses them too). */
export const invoiceSettingsOf = (config: Config): InvoiceSettings => ({
  issuer: {
    name: config.company.name,
    address: config.company.address,
    vatNumber: config.invoicing.vatNumber,
    payTo: config.invoicing.payTo,
  },
  dueDays: config.invoicing.dueDays,
});

function isAdminPath(url: string): boolean {
  return /^\/(api\/)?admin(\/|\?|$)/.test(url);
}

/**
 * The operator back-office (D11, D22) under /api/admin. Every /admin page and /api/admin answer
 * is never stored and never indexed. The files module learns who is an operator from here.
 */
export async function registerAdmin(
  app: FastifyInstance,
  options: AdminOptions,
): Promise<{ clientMoney: ClientMoney; recordInvoicePayment: RecordInvoicePayment }> {
  const now = options.now ?? (() => new Date());
  const audit = createAuditLog(app.db, now);
  const auth = createAuthService({ db: app.db, dataKey: app.keys.dataKey, audit, now });
  const claims = createAdminClaimsService({
    db: app.db,
    files: app.files,
    audit,
    dataKey: app.keys.dataKey,
    signingKey: app.keys.signingKey,
    fees: app.appConfig.fees,
    invoicing: invoiceSettingsOf(app.appConfig),
    clientMoney: app.appConfig.clientMoney,
    nomination: options.nomination,
    notices: options.notices,
    documents: options.documents,
    now,
    dialect: app.dbDialect,
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isAdminPath(request.url)) {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    done(null, payload);
  });

  app.operatorAuth.resolve = async (request) => {
    const token = adminToken(request);
    const ctx = token ? await auth.resolveSession(token) : null;
    if (!ctx || ctx.session.stage !== 'active') return null;
    const view = toOperatorView(ctx.operator);
    return { id: view.id, email: view.email, name: view.name };
  };
  app.operatorAuth.fileOpened = (operator, file) =>
    audit.record({
      actor: operator.id,
      action: 'file-downloaded',
      entity: 'file',
      entityId: file.id,
      detail: { kind: file.kind },
    });

  // The contract's operator accesses (decision 035), enforced by its hook on every route declaring them.
  app.accessGuards['second-factor'] = requireOperator(auth, { stage: 'second-factor' });
  app.accessGuards.operator = requireOperator(auth);
  app.accessGuards.admin = requireOperator(auth, { role: 'admin' });

  await app.register(
    async (admin) => {
      await admin.register(authRoutes, { auth, secureCookie: app.appConfig.nodeEnv === 'production' });
      await admin.register(claimsRoutes, {
        auth,
        claims,
        audit,
        now,
        db: app.db,
        openReader: () => app.database.openReader(),
      });
      await admin.register(reportsRoutes, { audit });
      await admin.register(clientMoneyRoutes, { clientMoney: claims.clientMoney });
      await admin.register(callBacksRoutes, { auth, audit });
      await admin.register(jobsRoutes, { auth, audit });
    },
    { prefix: '/api/admin' },
  );
  return { clientMoney: claims.clientMoney, recordInvoicePayment: claims.recordInvoicePayment };
}
