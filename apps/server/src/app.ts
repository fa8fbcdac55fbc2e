import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { Redis } from 'ioredis';
import { poolOptionsOf } from './config.ts';
import type { Config } from './config.ts';
import { hmacSha256Hex } from './crypto/hash.ts';
import { resolveKeys } from './crypto/keys.ts';
import type { AppKeys } from './crypto/keys.ts';
import { createDatabase, migrateToLatest } from './db/connect.ts';
import type { DatabaseHandle } from './db/connect.ts';
import { PoolSaturatedError, runAsRequest } from './db/pool-guard.ts';
import { createAdmission } from './http/admission.ts';
import type { Admission } from './http/admission.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { refuseUnsafeText } from './http/unsafe-text.ts';
import { loggerOptions } from './http/logging.ts';
import { createRoutePreloads, loadPrerendered } from './http/route-preloads.ts';
import type { WebPages } from './http/route-preloads.ts';
import {
  addApiNoStore,
  addHstsOnHttps,
  addSecurityHeaders,
  appSecurityHeaders,
  isApiPath,
} from './http/security.ts';
import type { SecurityHeaderSets } from './http/security.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.ts';
import { createAuditLog } from './modules/operators/index.ts';
import { invoiceSettingsOf, registerAdmin } from './modules/admin/register.ts';
import {
  cardPaymentWebhookRoutes,
  createCardCheckout,
  createCardNotices,
} from './modules/card-payments/index.ts';
import { createPaymentProvider } from './providers/payments/index.ts';
import { createFunnelSteps, dashboardRoutes, funnelStepRoutes } from './modules/dashboard/index.ts';
import type { FunnelSteps } from './modules/dashboard/index.ts';
import { settingsRoutes } from './modules/authority/routes.ts';
import { authorityTermsOf } from './modules/authority/terms.ts';
import { claimsRoutes } from './modules/claims/routes.ts';
import { createClaimsService } from './modules/claims/service.ts';
import { createClaimDetailsService } from './modules/claims/details.ts';
import { createDetailsFiles } from './modules/claims/details-files.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { registerApiDocs } from './modules/docs/openapi.ts';
import { useApiContract } from './http/contract.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { createFilesService } from './modules/files/service.ts';
import type { FilesService } from './modules/files/service.ts';
import { addSignedAuthorityRenderer } from './modules/authority/deferred.ts';
import { createDocumentRenderer } from './documents/render-pool.ts';
import type { DocumentRenderer } from './documents/render-pool.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { lookupRoutes } from './modules/lookup/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { createOnboardingService } from './modules/onboarding/service.ts';
import { resumeRoutes } from './modules/resume/routes.ts';
import { createResumeService } from './modules/resume/service.ts';
import { callBackRoutes } from './modules/call-backs/routes.ts';
import { registerPurgeJob } from './jobs/purge-drafts.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createStatusService } from './modules/status/service.ts';
import {
  nominationWebhookRoutes,
  type ClientMoney,
  type NominationSettings,
} from './modules/client-money/index.ts';
import { DROPBOX_SIGN_FRAME_ORIGINS, createESignProvider } from './providers/esign/index.ts';
import { statusRoutes } from './modules/status/routes.ts';
import { createClaimNotices, registerNotifyJob } from './jobs/notify-claimant.ts';
import type { ClaimNotices } from './jobs/notify-claimant.ts';
import { createProviders } from './providers/index.ts';
import type { Providers } from './providers/index.ts';
import { createFileStore } from './storage/index.ts';
import type { FileStore } from './storage/file-store.ts';
import './types.ts';

export interface AppOverrides {
  /** An open database (tests); otherwise one is opened from DATABASE_URL. */
  database?: DatabaseHandle;
  /** Close `database` when the app closes (default: only when the app opened it). */
  closeDatabase?: boolean;
  skipMigrations?: boolean;
  fileStore?: FileStore;
  providers?: Providers;
  keys?: AppKeys;
  logger?: FastifyServerOptions['logger'];
  /** The clock for operator sessions and the audit trail (tests move it). */
  now?: () => Date;
  /** Called on the bare instance before any plugin or route (tests add their hooks here). */
  onCreate?: (app: FastifyInstance) => void;
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const web = readWebApp(config.webDist, config.marketingSiteUrl, config.fees, config.site);
  const headers = appSecurityHeaders(
    web?.scriptHashes ?? [],
    // Decision 079: Dropbox Sign's embedded signing window is a frame of the status page.
    config.providers.esign.provider === 'dropbox-sign' ? DROPBOX_SIGN_FRAME_ORIGINS : [],
  );
  // Decision 046: the door refuses at once, before Fastify, when too much is already in hand.
  const admission = createAdmission({
    maxInFlight: config.maxInFlight,
    retryAfterSeconds: config.database.retryAfterSeconds,
    apiHeaders: headers.api,
  });
  const app = createServer(config, overrides, headers.api, admission.serverFactory);
  overrides.onCreate?.(app);

  const database = overrides.database ?? createDatabase(config.databaseUrl, poolOptionsOf(config));
  const ownsDatabase = overrides.closeDatabase ?? overrides.database === undefined;
  try {
    if (!overrides.skipMigrations) await migrateToLatest(database.db);
  } catch (error) {
    if (ownsDatabase) await database.destroy().catch(() => {});
    throw error;
  }
  admission.watch(database.pool);

  const keys = overrides.keys ?? resolveKeys(config);
  if (overrides.keys === undefined) warnOfKeysInFiles(app, config);
  const fileStore = overrides.fileStore ?? (await createFileStore(config));
  const providers =
    overrides.providers ?? createProviders(config.providers, { db: database.db, log: app.log });
  app.decorate('appConfig', config);
  app.decorate('db', database.db);
  app.decorate('dbDialect', database.dialect);
  app.decorate('database', database);
  app.decorate('fileStore', fileStore);
  app.decorate('keys', keys);
  app.decorate('providers', providers);
  app.decorate('operatorAuth', { resolve: async () => null });
  // Issue 45: the funnel's anonymous counts, kept in memory and added to the table every few seconds.
  const funnel = createFunnelSteps({ db: database.db, now: overrides.now, log: app.log });
  const { jobs, files, documents, notices } = createJobsAndFiles(app, {
    config,
    database,
    providers,
    overrides,
  });

  // 1. External plugins, then 2. app plugins: hooks, errors, shutdown.
  const redis = await registerPlugins(app, { config, database, headers, keys });
  app.addHook('onClose', async () => {
    await funnel.close();
    await jobs.stop();
    await documents.close();
    providers.email.close();
    if (ownsDatabase) await database.destroy();
    if (redis) redis.disconnect();
  });

  // 3. Services, each built once, then the routes that use them.
  await registerRoutes(app, {
    config,
    database,
    keys,
    providers,
    files,
    documents,
    notices,
    overrides,
    funnel,
  });

  // 4. The built web app, with the SPA fallback.
  await registerWebApp(app, config.webDist, web, funnel);

  return app;
}

function createServer(
  config: Config,
  overrides: AppOverrides,
  apiHeaders: SecurityHeaderSets['api'],
  serverFactory: Admission['serverFactory'],
) {
  return Fastify({
    serverFactory,
    logger: overrides.logger ?? loggerOptions(config.logLevel),
    // Slow clients are cut off (decision 018); Node checks the deadlines every second.
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1_000 },
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    frameworkErrors: frameworkErrorHandler(apiHeaders),
    clientErrorHandler: clientErrorHandler(apiHeaders),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Request ids are ours, not taken from a client header.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
}

function warnOfKeysInFiles(app: FastifyInstance, config: Config): void {
  if (config.nodeEnv !== 'production') return;
  const fromFiles = [
    ...(config.dataKey === null ? ['DATA_KEY'] : []),
    ...(config.signingKey === null ? ['SIGNING_KEY'] : []),
  ];
  if (fromFiles.length > 0) {
    app.log.warn(
      { unset: fromFiles },
      `${fromFiles.join(' and ')} not set: the key is kept in a file in DATA_DIR, beside the data it protects, so a copy of that folder can read the data. Set the keys in the environment (see the README).`,
    );
  }
}

/** The durable jobs and their handlers, and the files service (which enqueues deferred renders). */
function createJobsAndFiles(
  app: FastifyInstance,
  deps: { config: Config; database: DatabaseHandle; providers: Providers; overrides: AppOverrides },
) {
  const { config, database, providers, overrides } = deps;
  const clock = overrides.now ? { now: overrides.now } : {};
  // Decision 036: jobs on their own pool, with their own concurrency and a short, renewed lease.
  const jobs = createJobQueue({
    db: database.jobsDb,
    dialect: database.dialect,
    log: app.log,
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    backlogLimit: config.jobs.backlogLimit,
    ...clock,
  });
  const files = createFilesService({ db: database.db, store: app.fileStore, jobs });
  const documents = createDocumentRenderer(config.renderThreads);
  addSignedAuthorityRenderer(files, documents);
  app.decorate('files', files);
  registerPurgeJob(jobs, {
    db: database.jobsDb,
    store: app.fileStore,
    retentionDays: config.draftRetentionDays,
    retention: config.retention,
    log: app.log,
    ...clock,
  });
  registerNotifyJob(jobs, {
    db: database.jobsDb,
    sms: providers.sms,
    email: providers.email,
    company: config.company.name,
    publicUrl: config.publicUrl,
    invoicePayTo: config.invoicing.payTo,
    ...clock,
  });
  app.decorate('jobs', jobs);
  return { jobs, files, documents, notices: createClaimNotices(jobs) };
}

/** External plugins (shedding at the door, compression, rate limits, cookies), then the app's hooks. */
async function registerPlugins(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: DatabaseHandle;
    headers: SecurityHeaderSets;
    keys: AppKeys;
  },
): Promise<Redis | null> {
  const { config, database } = deps;
  addSecurityHeaders(app, deps.headers);
  // Decision 036: under a standing queue for database connections, a route that may answer 503 is
  // refused first thing (before the rate limiter's round trip, its body unread): the cheapest refusal.
  app.addHook('onRequest', (request, _reply, done) => {
    const answers = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (
      answers !== undefined &&
      '503' in answers &&
      !request.url.startsWith('/api/health') &&
      database.pool.shedAtTheDoor()
    )
      done(new PoolSaturatedError(config.database.retryAfterSeconds));
    else done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  if (redis) await waitForRedis(redis, app.log);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'taxback-rl-', skipOnError: true } : {}),
  });
  await app.register(cookie, { secret: hmacSha256Hex(deps.keys.signingKey, 'cookie-secret') });

  addHstsOnHttps(app);
  addApiNoStore(app);
  registerErrorHandler(app);
  refuseUnsafeText(app);
  useApiContract(app, { checkAnswers: config.nodeEnv !== 'production' });
  // Decision 036: a request's first database acquisition may be shed when too many already wait.
  app.addHook('preHandler', (_request, _reply, done) => runAsRequest(done));
  await registerApiDocs(app);
  return redis;
}

interface RouteDeps {
  config: Config;
  database: DatabaseHandle;
  keys: AppKeys;
  providers: Providers;
  files: FilesService;
  documents: DocumentRenderer;
  notices: ClaimNotices;
  overrides: AppOverrides;
  funnel: FunnelSteps;
}

/** The claimant services, each built once, and every route, registered in one list. */
async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, database, keys, providers, files, documents, notices, overrides, funnel } = deps;
  const clock = overrides.now ? { now: overrides.now } : {};
  const terms = authorityTermsOf(config);
  const claims = createClaimsService({ db: database.db, files, terms, notices, ...clock });
  const details = createClaimDetailsService({
    db: database.db,
    files,
    terms,
    dataKey: keys.dataKey,
    signingKey: keys.signingKey,
    onFunnelStep: (step) => funnel.count(step),
    ...clock,
  });
  const resume = createResumeService({
    db: database.db,
    dialect: database.dialect,
    signingKey: keys.signingKey,
    sms: providers.sms,
    log: app.log,
    publicUrl: config.publicUrl,
    ...clock,
  });
  const onboarding = createOnboardingService({
    db: database.db,
    dialect: database.dialect,
    files,
    documents,
    keys,
    resume,
    log: app.log,
    terms,
    notices,
    ...clock,
  });
  let clientMoney: ClientMoney | null = null;
  // Decision 078: the invoice's card payments (none offline).
  const payments = createPaymentProvider(config.providers.payments, {
    timeoutMs: config.providers.timeoutMs,
    log: app.log,
  });
  const cardCheckout = createCardCheckout({
    db: database.db,
    provider: payments,
    publicUrl: config.publicUrl,
    payTo: config.invoicing.payTo,
    ...clock,
  });
  const status = createStatusService({
    db: database.db,
    dialect: database.dialect,
    signingKey: keys.signingKey,
    sms: providers.sms,
    files,
    company: config.company.name,
    log: app.log,
    terms,
    fees: config.fees,
    invoicing: { settings: invoiceSettingsOf(config), documents },
    // D29: the nomination's operations, from the back-office's client money (registered below).
    nominations: () => clientMoney?.nominations ?? null,
    offersCard: payments.offersCard,
    ...clock,
  });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  const detailsFiles = createDetailsFiles({
    db: database.db,
    files,
    now: overrides.now ?? (() => new Date()),
  });
  await app.register(claimsRoutes, {
    prefix: '/api',
    claims,
    details,
    detailsFiles,
    onClaimMade: () => funnel.count('claim'),
  });
  await app.register(filesRoutes, { prefix: '/api', files });
  await app.register(lookupRoutes, { prefix: '/api', providers });
  await app.register(onboardingRoutes, { prefix: '/api', onboarding });
  await app.register(resumeRoutes, { prefix: '/api', resume });
  await app.register(statusRoutes, {
    prefix: '/api',
    status,
    secureCookie: config.nodeEnv === 'production',
    nominations: () => clientMoney?.nominations ?? null,
    cardCheckout,
  });
  await app.register(callBackRoutes, { prefix: '/api', ...clock });
  await app.register(docsRoutes, { prefix: '/api' });
  const admin = await registerAdmin(app, {
    now: overrides.now,
    notices,
    documents,
    nomination: nominationSettingsOf(config, app.log, overrides.now),
  });
  clientMoney = admin.clientMoney;
  const now = overrides.now ?? (() => new Date());
  await app.register(cardPaymentWebhookRoutes, {
    prefix: '/api',
    notices: createCardNotices({
      db: database.db,
      provider: payments,
      audit: createAuditLog(database.db, now),
      recordPayment: admin.recordInvoicePayment,
      log: app.log,
      now,
    }),
  });
  // Decision 079: Dropbox Sign's events about nominations signed in its window.
  await app.register(nominationWebhookRoutes, {
    prefix: '/api',
    nominations: () => clientMoney?.nominations ?? null,
  });
  await app.register(funnelStepRoutes, { prefix: '/api', funnel });
  await app.register(dashboardRoutes, {
    prefix: '/api/admin',
    funnel,
    now: overrides.now ?? (() => new Date()),
  });
}

/** D29 (decision 076): the nomination's provider and whom it names, when a nomination is on. */
function nominationSettingsOf(
  config: Config,
  log: FastifyBaseLogger,
  now: (() => Date) | undefined,
): NominationSettings | null {
  if (!config.clientMoney.nomination) return null;
  const agent = {
    name: config.company.name,
    address: config.company.address,
    hmrcAgentReference: config.company.hmrcAgentReference,
  };
  const provider = createESignProvider(config.providers.esign, {
    dataDir: config.dataDir,
    organisation: agent.name,
    timeoutMs: config.providers.timeoutMs,
    log,
    ...(now ? { now } : {}),
  });
  return { provider, agent };
}

/**
 * Until Redis answers, skipOnError lets every request through uncounted (and the offline queue is
 * off), so a fresh instance would start with no shared limit: wait for the connection. After a few
 * seconds start anyway, failing open as the limiter does at run time.
 */
async function waitForRedis(redis: Redis, log: FastifyBaseLogger, timeoutMs = 5000): Promise<void> {
  // Without a listener ioredis prints each failed reconnect to stderr; log the code only (the URL can hold a password).
  redis.on('error', (error: Error & { code?: unknown }) =>
    log.warn({ code: typeof error.code === 'string' ? error.code : undefined }, 'redis connection error'),
  );
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      log.warn('redis not ready: rate limits are not enforced until it connects');
      resolve();
    }, timeoutMs);
    redis.once('ready', onReady);
  });
}

/** A hop count becomes the function Fastify would build from it (its types take no number). */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * The built web app's pages, read once. The configured marketing URL is written into a meta tag
 * (the CSP allows no inline script but the wizard's hashed boot script, so a meta tag is how
 * runtime configuration reaches the browser).
 */
function readWebApp(
  webDist: string,
  marketingSiteUrl: string | null,
  fees: Config['fees'],
  site: Config['site'],
): WebPages | null {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const indexHtml = withSiteSettings(
    withFeeSettings(withMarketingUrl(fs.readFileSync(indexPath, 'utf8'), marketingSiteUrl), fees),
    site,
  );
  // The landing page's prerendered copy was made with no fee and none of the site settings.
  const configured = fees.percent > 0 || Object.keys(site).length > 0;
  return createRoutePreloads(webDist, indexHtml, loadPrerendered(webDist, configured));
}

/** Issue 45: the landing page's paths ('/', '/affiliate/{name}'), counted as the funnel's first step. */
const LANDING_PATH = /^\/(affiliate\/[^/]+\/?)?$/;

async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  web: WebPages | null,
  funnel: FunnelSteps,
): Promise<void> {
  const hasWeb = web !== null;
  const pageFor = web ? web.pageFor : () => '';
  const sendIndex = (reply: FastifyReply, pathname = '/') => {
    // A counter in memory (modules/dashboard/funnel-steps.ts): the page costs what it did.
    if (reply.request.method === 'GET' && LANDING_PATH.test(pathname)) funnel.count('landing');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageFor(pathname));
  };
  if (hasWeb) {
    app.get('/', (_request, reply) => sendIndex(reply));
    app.get('/index.html', (_request, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      cacheControl: false,
      index: false,
      // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        // Vite puts content-hashed names under assets/: they never change, so cache them forever.
        if (relative.startsWith('assets/'))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (relative.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn('web app not built: static files are not served (run npm run build)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && !isApiPath(request.url) && wantsPage) {
      return sendIndex(reply, pathname);
    }
    return reply.code(404).header('cache-control', 'no-store').send({ error: 'Not found' });
  });
}

/**
 * D20: the fee in a meta tag ('percent minimumPence vatPercent'), so the first paint of every page
 * already knows whether to say "No fees" or show the fee (no flash before GET /api/settings).
 */
export function withFeeSettings(html: string, fees: Config['fees']): string {
  const tag = `<meta name="fee-settings" content="${fees.percent} ${fees.minimumPence} ${fees.vatPercent}" />`;
  return html.includes('</head>') ? html.replace('</head>', `    ${tag}\n  </head>`) : html;
}

/**
 * Issue 32: our phone number, rating and total claimed in a meta tag (JSON), so the landing page
 * shows them, or nothing, at its first paint without loading the API client.
 */
export function withSiteSettings(html: string, site: Config['site']): string {
  const json = JSON.stringify(site).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const tag = `<meta name="site-settings" content="${json}" />`;
  return html.includes('</head>') ? html.replace('</head>', `    ${tag}\n  </head>`) : html;
}

function withMarketingUrl(html: string, url: string | null): string {
  if (url === null) return html;
  const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace(
    /<meta name="marketing-site-url" content="[^"]*"\s*\/?>/,
    `<meta name="marketing-site-url" content="${escaped}" />`,
  );
}
