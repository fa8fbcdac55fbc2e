import path from 'node:path';
import { z } from 'zod';
import { CONTENT } from '@taxback/domain/content';
import {
  DEFAULT_INVOICE_DUE_DAYS,
  DEFAULT_PAYOUT_WORKING_DAYS,
  REVIEW_MAX,
  isValidUkPhone,
} from '@taxback/domain';
import type { FeeSettings, SiteSettings } from '@taxback/domain';
import { loadProviderConfig } from './providers/config.ts';
import type { ProviderConfig } from './providers/config.ts';
import { DEFAULT_RETENTION, type RetentionSettings } from './jobs/retention.ts';
import { parseS3Url } from './storage/s3-location.ts';
import type { S3StoreOptions } from './storage/s3-location.ts';

/**
 * Server configuration, read once from the environment and checked with zod.
 * Every variable has a default that works offline on one machine.
 *
 * HOST defaults to 0.0.0.0 so the server is reachable inside a container or behind a load balancer;
 * set HOST=127.0.0.1 to listen on loopback only on a shared machine.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A 32-byte key given as base64 (standard or url-safe). */
const keySchema = optionalString.pipe(
  z
    .string()
    .refine((v) => decodeKey(v)?.length === 32, 'must be 32 bytes encoded as base64')
    .transform((v) => decodeKey(v) as Buffer)
    .optional(),
);

/** A whole number, or `off` (null: no bound). */
function countOrOff(fallback: string, unit: string) {
  return z
    .string()
    .default(fallback)
    .transform((v) => v.trim())
    .pipe(
      z.union([
        z.literal('off').transform(() => null),
        z
          .string()
          .regex(/^\d+$/, `must be a whole number of ${unit}, or off`)
          .transform((v) => Number(v)),
      ]),
    );
}

/** A number of days from 1 to 10 years, with its default. */
const days = (fallback: number) => z.coerce.number().int().min(1).max(3650).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString,
  FILE_STORE: optionalString.pipe(
    z
      .string()
      .refine((v) => !/^s3:\/\//i.test(v) || parseS3Url(v) !== null, {
        message:
          'must be s3://bucket or s3://bucket/prefix, the bucket named with 3-63 lowercase letters, digits, dots or hyphens',
        abort: true,
      })
      .refine(
        (v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(file|s3):\/\//i.test(v),
        'must be a local folder path or an s3:// address',
      )
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalString,
  AWS_REGION: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  MARKETING_SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => v.trim())
    .pipe(
      z.union([
        z.enum(['true', 'false']).transform((v) => v === 'true'),
        z
          .string()
          .regex(/^\d+$/)
          .transform((v) => Number(v)),
        z
          .string()
          .regex(
            /^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/,
            'must be true, false, a hop count or a list of IPs/CIDRs',
          )
          .transform((v) => v.split(',').map((s) => s.trim())),
      ]),
    ),
  DATA_KEY: keySchema,
  SIGNING_KEY: keySchema,
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  DRAFT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Issue 45 (D16): the ages of what the hourly purge deletes (jobs/retention.ts, README).
  OUTBOX_RETENTION_DAYS: days(DEFAULT_RETENTION.outboxDays),
  CLAIM_NOTICE_RETENTION_DAYS: days(DEFAULT_RETENTION.claimNoticeDays),
  FINISHED_JOB_RETENTION_DAYS: days(DEFAULT_RETENTION.finishedJobDays),
  ATTEMPT_RETENTION_DAYS: days(DEFAULT_RETENTION.attemptDays),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  // Decision 029: worker threads that render documents (PDFs); 0 renders on the request thread.
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  // Issue 17: slow clients are cut off (decision 018). Headers must arrive within 10 s; a whole
  // request (a 10 MB upload on a slow phone) within 120 s; an idle kept-alive connection closes
  // after 65 s, longer than the 60 s idle timeout of common load balancers.
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
  // D20: our fee on HMRC's repayment; "No fees" (0%) unless configured.
  FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  FEE_MINIMUM_PENCE: z.coerce.number().int().min(0).default(0),
  FEE_VAT_PERCENT: z.coerce.number().min(0).max(100).default(0),
  // D41: whether relief HMRC gives through the tax code is charged too (off); the authority's terms
  // then say so, and a case is charged on it only when the terms it signed did.
  FEE_ON_TAX_CODE: z.enum(['on', 'off']).default('off'),
  // D19: who the claimant authorises, printed on the authority they sign. Required in production
  // (refused below); elsewhere the defaults say they are development values (issue 32.2).
  COMPANY_NAME: optionalString.pipe(z.string().max(200).optional()),
  COMPANY_ADDRESS: optionalString.pipe(z.string().max(500).optional()),
  HMRC_AGENT_REFERENCE: z.string().trim().max(50).default(''),
  // D41: our invoices (no nomination): our VAT number where registered, where a bank transfer goes
  // (the offline way to pay) and the days an invoice is due in.
  VAT_NUMBER: z.string().trim().max(20).default(''),
  INVOICE_PAY_TO: optionalString.pipe(z.string().max(300).optional()),
  INVOICE_DUE_DAYS: z.coerce.number().int().min(1).max(120).default(DEFAULT_INVOICE_DUE_DAYS),
  // D29, D41: whether HMRC pays us under a nomination (off: HMRC pays claimants, we invoice), and
  // the working days from HMRC's money arriving to the claimant's payout.
  NOMINATION: z.enum(['on', 'off']).default('off'),
  PAYOUT_WORKING_DAYS: z.coerce.number().int().min(0).max(30).default(DEFAULT_PAYOUT_WORKING_DAYS),
  // Issue 32: what the pages say about us, shown only when set (never a placeholder).
  PHONE_NUMBER: optionalString.pipe(
    z.string().refine(isValidUkPhone, 'must be a UK phone number, like 0161 496 0000').optional(),
  ),
  REVIEW_RATING: optionalString.pipe(
    z.string().transform(Number).pipe(z.number().gt(0).max(REVIEW_MAX)).optional(),
  ),
  TOTAL_CLAIMED: optionalString.pipe(z.string().max(40).optional()),
  // Issue 35, decision 036: requests and jobs on their own bounded pools; shedding past a bound.
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  JOBS_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(3),
  DB_MAX_WAITING: countOrOff('50', 'requests'),
  HTTP_MAX_IN_FLIGHT: countOrOff('40', 'requests'),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(120).default(2),
  READY_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(800),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  JOBS_BACKLOG_LIMIT: z.coerce.number().int().min(1).default(5_000),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** A SQLite file path, or a postgres:// URL. */
  databaseUrl: string;
  /** Absolute folder for the local file store (unused when `s3` is set). */
  fileStoreDir: string;
  /** The S3 bucket for files when FILE_STORE=s3://… (decision 021); null for the local folder. */
  s3: S3StoreOptions | null;
  marketingSiteUrl: string | null;
  /** The address claimants reach this service at; used in SMS links (never taken from the Host header). */
  publicUrl: string;
  trustProxy: boolean | number | string[];
  /** Field-encryption key; when absent one is generated into `${dataDir}/data.key` at start-up. */
  dataKey: Buffer | null;
  /** HMAC key for resume codes; when absent one is generated into `${dataDir}/signing.key`. */
  signingKey: Buffer | null;
  redisUrl: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  draftRetentionDays: number;
  retention: RetentionSettings;
  webDist: string;
  /** Requests per minute per IP for the global rate limit (routes can set tighter limits). */
  rateLimitMax: number;
  /** Worker threads rendering documents (authority, mileage logs, P87 worksheet); 0: the request thread. */
  renderThreads: number;
  /** Node HTTP server limits, in milliseconds (decision 018). */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /**
   * D20 fee settings (percent of the repayment, minimum in pence, VAT percent on the fee); D41:
   * `onTaxCode` and `fromRepayment` (a nomination is offered) are present only when true, so the
   * terms of an authority signed without them read as before.
   */
  fees: FeeSettings;
  /** D19: our company as the signed authority names it ('\n' in the address starts a new line). */
  company: { name: string; address: string; hmrcAgentReference: string };
  /** D41: what our invoices say beyond the company: VAT number ('' when none), payee, due days. */
  invoicing: { vatNumber: string; payTo: string; dueDays: number };
  /** D29, D41: client money under a nomination (off by default) and the payout's working days. */
  clientMoney: { nomination: boolean; payoutWorkingDays: number };
  /** Issue 32: our phone number, review rating and total claimed, each only when configured. */
  site: SiteSettings;
  providers: ProviderConfig;
  /** Decision 036: the pools, shedding and readiness. */
  database: {
    poolSize: number;
    jobsPoolSize: number;
    /** Requests that may wait for a connection before the next is answered 503 at once; null: no bound. */
    maxWaiting: number | null;
    retryAfterSeconds: number;
    readyTimeoutMs: number;
  };
  /** Decision 046: requests in hand at once past which the door answers 503 (null: no bound). */
  maxInFlight: number | null;
  /** Decision 046: liveness and readiness on their own thread and port (0: only on PORT). */
  healthPort: number;
  /** Decision 036: jobs running at once on this instance, their lease, and the backlog's alert line. */
  jobs: { concurrency: number; leaseMs: number; backlogLimit: number };
}

/** What the authority prints outside production when COMPANY_ADDRESS is unset: never a real address. */
export const DEVELOPMENT_COMPANY_ADDRESS =
  'Development value, not our address: set COMPANY_ADDRESS before taking real claims';

/** What an invoice's way to pay says outside production when INVOICE_PAY_TO is unset: never a real account. */
export const DEVELOPMENT_PAY_TO =
  'the account named in INVOICE_PAY_TO (development value: set it before issuing real invoices)';

/** Variables a production start refuses to go without, and why. */
const REQUIRED_IN_PRODUCTION = {
  COMPANY_NAME: 'required when NODE_ENV=production: our company as the signed authority names it (D19)',
  COMPANY_ADDRESS:
    'required when NODE_ENV=production: our postal address, printed on every signed authority (D19)',
} as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || '(env)'}: ${issue.message}`);
    }
  }

  let providers: ProviderConfig | undefined;
  try {
    providers = loadProviderConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) problems.push(...error.problems);
    else problems.push(error instanceof Error ? error.message : String(error));
  }

  if (parsed.success && parsed.data.NODE_ENV === 'production') {
    for (const [name, why] of Object.entries(REQUIRED_IN_PRODUCTION))
      if (parsed.data[name as keyof typeof REQUIRED_IN_PRODUCTION] === undefined)
        problems.push(`${name}: ${why}`);
  }

  // D29: a nomination names our HMRC agent reference, so it is never on without one.
  if (parsed.success && parsed.data.NOMINATION === 'on' && parsed.data.HMRC_AGENT_REFERENCE === '')
    problems.push('NOMINATION: on needs HMRC_AGENT_REFERENCE, the agent reference a nomination names (D29)');

  if (!parsed.success || providers === undefined || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;

  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? path.join(dataDir, 'taxback.sqlite');
  const s3Location = e.FILE_STORE ? parseS3Url(e.FILE_STORE) : null;
  const fileStore =
    (s3Location ? undefined : e.FILE_STORE?.replace(/^file:\/\//i, '')) ?? path.join(dataDir, 'files');

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    fileStoreDir: path.resolve(fileStore),
    s3: s3Location
      ? {
          ...s3Location,
          region: e.S3_REGION ?? e.AWS_REGION ?? 'eu-west-2',
          endpoint: e.S3_ENDPOINT ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          // Keys given in the environment; otherwise the SDK's own chain (profile, instance role).
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
                }
              : null,
        }
      : null,
    marketingSiteUrl: e.MARKETING_SITE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    dataKey: e.DATA_KEY ?? null,
    signingKey: e.SIGNING_KEY ?? null,
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    draftRetentionDays: e.DRAFT_RETENTION_DAYS,
    retention: {
      outboxDays: e.OUTBOX_RETENTION_DAYS,
      claimNoticeDays: e.CLAIM_NOTICE_RETENTION_DAYS,
      finishedJobDays: e.FINISHED_JOB_RETENTION_DAYS,
      attemptDays: e.ATTEMPT_RETENTION_DAYS,
    },
    webDist: path.resolve(e.WEB_DIST),
    rateLimitMax: e.RATE_LIMIT_MAX,
    renderThreads: e.RENDER_THREADS,
    timeouts: {
      // Node refuses a headers timeout longer than the request timeout.
      headersMs: Math.min(e.SERVER_HEADERS_TIMEOUT_MS, e.SERVER_REQUEST_TIMEOUT_MS),
      requestMs: e.SERVER_REQUEST_TIMEOUT_MS,
      keepAliveMs: e.SERVER_KEEP_ALIVE_TIMEOUT_MS,
    },
    fees: {
      percent: e.FEE_PERCENT,
      minimumPence: e.FEE_MINIMUM_PENCE,
      vatPercent: e.FEE_VAT_PERCENT,
      ...(e.FEE_ON_TAX_CODE === 'on' ? { onTaxCode: true } : {}),
      ...(e.NOMINATION === 'on' ? { fromRepayment: true } : {}),
    },
    company: {
      name: e.COMPANY_NAME ?? CONTENT.brandName,
      address: (e.COMPANY_ADDRESS ?? DEVELOPMENT_COMPANY_ADDRESS).replace(/\\n/g, '\n'),
      hmrcAgentReference: e.HMRC_AGENT_REFERENCE,
    },
    invoicing: {
      vatNumber: e.VAT_NUMBER,
      payTo: e.INVOICE_PAY_TO ?? DEVELOPMENT_PAY_TO,
      dueDays: e.INVOICE_DUE_DAYS,
    },
    clientMoney: { nomination: e.NOMINATION === 'on', payoutWorkingDays: e.PAYOUT_WORKING_DAYS },
    site: {
      ...(e.PHONE_NUMBER ? { phone: e.PHONE_NUMBER } : {}),
      ...(e.REVIEW_RATING ? { reviewRating: e.REVIEW_RATING } : {}),
      ...(e.TOTAL_CLAIMED ? { totalClaimed: e.TOTAL_CLAIMED } : {}),
    },
    providers,
    database: {
      poolSize: e.DB_POOL_SIZE,
      jobsPoolSize: e.JOBS_DB_POOL_SIZE,
      maxWaiting: e.DB_MAX_WAITING,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
      readyTimeoutMs: e.READY_TIMEOUT_MS,
    },
    maxInFlight: e.HTTP_MAX_IN_FLIGHT,
    healthPort: e.HEALTH_PORT,
    jobs: {
      concurrency: e.JOBS_CONCURRENCY,
      leaseMs: e.JOBS_LEASE_SECONDS * 1000,
      backlogLimit: e.JOBS_BACKLOG_LIMIT,
    },
  };
}

/** The pool options `createDatabase` takes, from the configuration. */
export function poolOptionsOf(config: Config) {
  return {
    size: config.database.poolSize,
    jobsSize: config.database.jobsPoolSize,
    maxWaiting: config.database.maxWaiting,
    retryAfterSeconds: config.database.retryAfterSeconds,
    probeTimeoutMs: config.database.readyTimeoutMs,
  };
}

function decodeKey(value: string): Buffer | null {
  const normalised = value.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalised)) return null;
  return Buffer.from(normalised, 'base64');
}
