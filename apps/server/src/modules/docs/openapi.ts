import { z } from 'zod';
import {
  hmrcDetailsStepSchema,
  claimSubmissionSchema,
  onboardingSaveSchema,
  publicSettingsSchema,
  resumeRequestSchema,
  callBackRequestSchema,
  reviewStepSchema,
  wizardSnapshotSchema,
} from '@taxback/domain/schemas';
import {
  STATUS_MESSAGES,
  claimStatusViewSchema,
  statusCodeRequestSchema,
  statusCodeSentSchema,
  statusVerifySchema,
} from '@taxback/domain/status-schemas';
import { ADMIN_ROUTE_DOCS } from '../admin/openapi-routes.ts';
import { LOOKUP_MESSAGES } from '../lookup/routes.ts';
import { MAX_UPLOAD_BYTES, ONBOARDING_MESSAGES } from '../onboarding/service.ts';
import { RESUME_MESSAGES } from '../resume/service.ts';
import { INVALID_SESSION_MESSAGE } from '../../http/session.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../http/errors.ts';

// The OpenAPI 3.1 description served at GET /api/docs. Request bodies are generated from the very
// zod schemas the routes parse with, so the document cannot drift from validation; responses are
// described here from what the routes and the error handler actually send.

export type JsonSchema = { [key: string]: unknown };
type Ref = { $ref: string };

interface MediaTypeObject {
  schema: JsonSchema | Ref;
  example?: unknown;
  encoding?: Record<string, { contentType: string }>;
}

interface HeaderObject {
  description: string;
  schema: JsonSchema;
}

interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Ref>;
  content?: Record<string, MediaTypeObject>;
}

interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: (ParameterObject | Ref)[];
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject | Ref>;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, ParameterObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<
      string,
      { type: 'apiKey'; in: 'header' | 'cookie'; name: string; description: string }
    >;
  };
}

export const SESSION_SECURITY_SCHEME = 'sessionId';
export const OPERATOR_SECURITY_SCHEME = 'operatorSession';
export const CSRF_SECURITY_SCHEME = 'csrfToken';

const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string): Ref => ({
  $ref: `#/components/${kind}/${name}`,
});

/**
 * A zod schema as a JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). `$schema` is dropped
 * and any `$defs` move into components so their `$ref`s resolve from the document root.
 */
function toJsonSchema(
  name: string,
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated;
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  const target = (id: string) => `#/components/schemas/${name}_${id}`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        out[key] =
          value === '#'
            ? `#/components/schemas/${name}`
            : value.startsWith('#/$defs/')
              ? target(value.slice('#/$defs/'.length))
              : value;
      } else out[key] = rewrite(value);
    }
    return out;
  };
  for (const [id, def] of Object.entries(defs)) components[`${name}_${id}`] = rewrite(def) as JsonSchema;
  return rewrite(root) as JsonSchema;
}

// Response shapes, for documentation only (the routes build these objects in their services).
const fileSummarySchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  url: z.string().describe('/api/files/{id}'),
  type: z.string().describe('The content type sniffed from the bytes'),
  size: z.number().int(),
});

const logLinkSchema = z.object({ id: z.uuid(), url: z.string(), filename: z.string() });

const yearFiguresSchema = z.object({
  year: z.string().describe("A tax year, e.g. '2024/25'"),
  miles: z.number(),
  allowance: z.number().describe('Pounds'),
  employerPayment: z.number().describe('Pounds'),
  claimable: z.number().describe('Pounds'),
  selfAssessmentRequired: z.boolean(),
});

const rebateSummarySchema = z
  .object({
    years: z.array(yearFiguresSchema),
    totalMiles: z.number(),
    totalAllowance: z.number(),
    totalEmployerPayment: z.number(),
    totalClaimable: z.number(),
    rebate20: z.number(),
    rebate40: z.number(),
    selfAssessmentRequired: z.boolean(),
  })
  .describe('Always recomputed by the server from the snapshot; totals sent by a client are ignored.');

const claimViewSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  selectedExpenses: z.array(z.string()),
  affiliateName: z.string().nullable(),
  utmData: z.record(z.string(), z.string()).nullable(),
  fullUrl: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  createdAt: z.string(),
});

const nullableText = z.string().nullable();

const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  ClaimCreated: z.object({
    id: z.uuid(),
    signatureUrl: z.string(),
    authorityUrl: nullableText.describe('The signed authority PDF (D19)'),
  }),
  Settings: publicSettingsSchema,
  ClaimView: claimViewSchema,
  FileSummary: fileSummarySchema,
  RebateSummary: rebateSummarySchema,
  OnboardingProgress: z.object({
    revision: z.number().int(),
    snapshot: wizardSnapshotSchema,
    evidenceFiles: z.record(z.string(), z.array(fileSummarySchema)),
    mileageLogs: z.record(
      z.string(),
      z.object({ pdf: logLinkSchema.optional(), csv: logLinkSchema.optional() }),
    ),
    p60File: fileSummarySchema.nullable(),
    signatureUrl: nullableText,
    signedAuthority: logLinkSchema.nullable().describe('The signed authority PDF (D19), once signed'),
    status: z.string().describe("'draft' until submitted"),
    submissionReference: nullableText,
    submittedAt: nullableText,
    totals: rebateSummarySchema,
    hasNiNumber: z.boolean().describe('The NI number itself is never returned'),
    currentStep: z.number().int(),
    lastStepCompleted: z.number().int(),
  }),
  OnboardingSaved: z.object({ revision: z.number().int(), totals: rebateSummarySchema }),
  SignatureSaved: z.object({ signatureUrl: z.string(), signedAuthority: logLinkSchema }),
  MileageLogs: z.object({
    logs: z.record(z.string(), z.object({ pdf: logLinkSchema, csv: logLinkSchema })),
  }),
  Submitted: z.object({
    signedAuthority: logLinkSchema.nullable(),
    submissionReference: z.string(),
    submittedAt: z.string(),
    totals: rebateSummarySchema,
  }),
  ResumeCodeSent: z.object({ sent: z.literal(true) }),
  StatusCodeSent: statusCodeSentSchema,
  ClaimStatusView: claimStatusViewSchema,
  CallBackReceived: z.object({ ok: z.literal(true) }),
  Resumed: z.object({ sessionId: z.string().describe('The new session id: send it as X-Session-Id') }),
  Health: z.object({ status: z.literal('ok'), db: z.literal('ok') }),
  HealthDown: z.object({ status: z.literal('error'), db: z.literal('down') }),
  AddressResult: z.object({
    status: z.literal('success'),
    delivery_points: z.array(
      z.object({ organisation_name: z.string(), line_1: z.string(), line_2: z.string(), udprn: z.string() }),
    ),
    town: z.string(),
    postal_county: z.string(),
    traditional_county: z.string(),
    postcode: z.string(),
  }),
  DistanceResult: z.object({
    status: z.literal('OK'),
    distanceMiles: z.number(),
    durationSeconds: z.number(),
    estimate: z.boolean().describe('True when the distance is an offline straight-line estimate'),
    source: z.enum(['offline', 'google', 'osrm']),
  }),
  FieldErrors: z
    .object({ errors: z.record(z.string(), z.string()) })
    .describe("Field name (dotted for nesting, e.g. 'personalInfo.email') → the message to show"),
  Error: z.object({ error: z.string() }),
  Conflict: z.object({
    error: z.string(),
    revision: z.number().int().describe('The revision the server holds'),
  }),
  LookupError: z.object({ status: z.literal('error'), error: z.string() }),
};

/** The bodies the routes parse, generated from the domain schemas (what a client may send). */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  ClaimSubmission: claimSubmissionSchema,
  OnboardingSave: onboardingSaveSchema,
  SignatureRequest: reviewStepSchema,
  SubmitRequest: hmrcDetailsStepSchema,
  ResumeRequest: resumeRequestSchema,
  StatusCodeRequest: statusCodeRequestSchema,
  StatusVerifyRequest: statusVerifySchema,
  CallBackRequest: callBackRequestSchema,
};

const errorExample = (error: string) => ({ error });
const json = (schema: JsonSchema | Ref, example?: unknown): Record<string, MediaTypeObject> => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

function buildComponents(): OpenApiDocument['components'] {
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(REQUEST_SCHEMAS))
    schemas[name] = toJsonSchema(name, schema, 'input', schemas);
  for (const [name, schema] of Object.entries(RESPONSE_SCHEMAS))
    schemas[name] = toJsonSchema(name, schema, 'output', schemas);
  for (const route of ADMIN_ROUTE_DOCS)
    if (route.body)
      schemas[adminBodyName(route.operationId)] = toJsonSchema(
        adminBodyName(route.operationId),
        route.body,
        'input',
        schemas,
      );

  const retryAfter = ref('headers', 'Retry-After');
  return {
    schemas,
    securitySchemes: {
      [SESSION_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Session-Id',
        description:
          'The claimant session id, created by the browser; never put in a URL. Missing or malformed → 400.',
      },
      [OPERATOR_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: 'tb_admin',
        description:
          'The operator session (httpOnly, SameSite=Strict): 30 minutes idle, 12 hours at most. None → 401; wrong role → 403.',
      },
      [CSRF_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'header',
        name: 'X-CSRF-Token',
        description:
          "The session's CSRF token (from sign-in or /api/admin/me), required on every admin change; missing → 403.",
      },
    },
    headers: {
      'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
    },
    parameters: {
      FileId: {
        name: 'id',
        in: 'path',
        required: true,
        description: 'A file id (UUID); anything else is 404',
        schema: { type: 'string', format: 'uuid' },
      },
    },
    responses: {
      BadRequest: {
        description:
          'Field errors `{ errors }` with the messages to show, or `{ error }` for a missing/invalid ' +
          'session or a body that is not JSON.',
        content: {
          'application/json': {
            schema: { oneOf: [ref('schemas', 'FieldErrors'), ref('schemas', 'Error')] },
            example: errorExample(INVALID_SESSION_MESSAGE),
          },
        },
      },
      NotFound: {
        description: 'Nothing for this session (or id)',
        content: json(ref('schemas', 'Error'), errorExample(ONBOARDING_MESSAGES.notFound)),
      },
      Conflict: {
        description: 'The claim changed in another window, or was already submitted',
        content: json(ref('schemas', 'Conflict'), { error: ONBOARDING_MESSAGES.staleRevision, revision: 3 }),
      },
      PayloadTooLarge: {
        description: 'The body is over the route limit',
        content: json(ref('schemas', 'Error'), errorExample('The request is too large.')),
      },
      UnsupportedMediaType: {
        description: 'The body is not in an accepted content type',
        content: json(ref('schemas', 'Error'), errorExample('This type of content is not accepted.')),
      },
      TooManyRequests: {
        description: 'Rate limited (per IP; shared by every instance when REDIS_URL is set)',
        headers: { 'Retry-After': retryAfter },
        content: json(
          ref('schemas', 'Error'),
          errorExample('Too many requests. Please wait a moment and try again.'),
        ),
      },
      ServiceUnavailable: {
        description: 'The database is unreachable; try again after Retry-After seconds',
        headers: { 'Retry-After': retryAfter },
        content: json(ref('schemas', 'Error'), errorExample(SERVICE_UNAVAILABLE_MESSAGE)),
      },
    },
  };
}

type ErrorCode = 400 | 404 | 409 | 413 | 415 | 429 | 503;
const ERROR_RESPONSE: Record<ErrorCode, string> = {
  400: 'BadRequest',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

function ok(description: string, schemaName: string): ResponseObject {
  return { description, content: json(ref('schemas', schemaName)) };
}

function lookupError(description: string, example: string): ResponseObject {
  return { description, content: json(ref('schemas', 'LookupError'), { status: 'error', error: example }) };
}

function operation(
  spec: Omit<OperationObject, 'responses' | 'security'> & {
    session?: boolean;
    success: Record<string, ResponseObject>;
    errors: ErrorCode[];
    otherErrors?: Record<string, ResponseObject>;
  },
): OperationObject {
  const { session, success, errors, otherErrors, ...rest } = spec;
  const responses: Record<string, ResponseObject | Ref> = { ...success, ...otherErrors };
  for (const code of errors) responses[String(code)] = ref('responses', ERROR_RESPONSE[code]);
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...rest,
    ...(session ? { security: [{ [SESSION_SECURITY_SCHEME]: [] }] } : {}),
    responses: sorted,
  };
}

const jsonBody = (schemaName: string) => ({
  required: true,
  content: json(ref('schemas', schemaName)),
});

function postcodeQuery(name: string, description: string): ParameterObject {
  return { name, in: 'query', required: true, description, schema: { type: 'string', maxLength: 10 } };
}

const adminBodyName = (operationId: string) =>
  `Admin${operationId[0]?.toUpperCase()}${operationId.slice(1)}Body`;

/** The operator back-office routes, from the admin module's table (D22). */
function buildAdminPaths(): OpenApiDocument['paths'] {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of ADMIN_ROUTE_DOCS) {
    const changes = route.method !== 'get';
    const security =
      route.access === 'public'
        ? undefined
        : [{ [OPERATOR_SECURITY_SCHEME]: [], ...(changes ? { [CSRF_SECURITY_SCHEME]: [] } : {}) }];
    const responses: Record<string, ResponseObject | Ref> = {
      [route.success.status]: route.success.contentType
        ? {
            description: route.success.description,
            content: { [route.success.contentType]: { schema: { type: 'string' } } },
          }
        : route.success.status === '204'
          ? { description: route.success.description }
          : { description: route.success.description, content: json({ type: 'object' }) },
      '400': ref('responses', 'BadRequest'),
      '429': ref('responses', 'TooManyRequests'),
      '503': ref('responses', 'ServiceUnavailable'),
      '401': {
        description: 'Not signed in (or the session expired)',
        content: json(ref('schemas', 'Error')),
      },
    };
    if (route.access !== 'public')
      responses['403'] = {
        description: 'Wrong role, or no CSRF token on a change',
        content: json(ref('schemas', 'Error')),
      };
    if (route.path.includes('{')) responses['404'] = ref('responses', 'NotFound');
    if (route.conflict) {
      const [code = '409', description = route.conflict] = route.conflict.split(': ');
      responses[code] = { description, content: json(ref('schemas', 'Error')) };
    }
    const parameters: ParameterObject[] = [];
    for (const match of route.path.matchAll(/\{(\w+)\}/g))
      parameters.push({
        name: match[1] ?? 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
      });
    if (route.query)
      for (const name of Object.keys(route.query.shape))
        parameters.push({ name, in: 'query', required: false, schema: { type: 'string' } });
    const op: OperationObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: ['admin'],
      ...(security ? { security } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body ? { requestBody: jsonBody(adminBodyName(route.operationId)) } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    };
    (paths[route.path] ??= {})[route.method] = op;
  }
  return paths;
}

function buildPaths(): OpenApiDocument['paths'] {
  return {
    ...buildAdminPaths(),
    '/api/health': {
      get: operation({
        operationId: 'getHealth',
        summary: 'Liveness and database check (never rate limited)',
        tags: ['health'],
        success: { '200': ok('The API and its database answer', 'Health') },
        errors: [],
        otherErrors: {
          '503': {
            description: 'The database is unreachable',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(ref('schemas', 'HealthDown')),
          },
        },
      }),
    },
    '/api/settings': {
      get: operation({
        operationId: 'getSettings',
        summary: 'The public configuration: our company as the authority names it, and the fee (D19, D20)',
        tags: ['health'],
        success: { '200': ok('The settings', 'Settings') },
        errors: [429],
      }),
    },
    '/api/docs': {
      get: operation({
        operationId: 'getOpenApi',
        summary: 'This OpenAPI 3.1 description',
        tags: ['docs'],
        success: { '200': { description: 'The OpenAPI document', content: json({ type: 'object' }) } },
        errors: [429],
      }),
    },
    '/api/claims': {
      post: operation({
        operationId: 'submitClaim',
        summary: 'Submit the general expenses claim (one per session)',
        description:
          'The signature is a PNG data URL (at most 2 MB decoded). A repeat submit from the same session ' +
          'returns the first claim with 200 instead of creating another.',
        tags: ['claims'],
        session: true,
        requestBody: jsonBody('ClaimSubmission'),
        success: {
          '201': ok('The claim was created', 'ClaimCreated'),
          '200': ok('This session had already submitted: the first claim', 'ClaimCreated'),
        },
        errors: [400, 413, 415, 429, 503],
      }),
    },
    '/api/claims/mine': {
      get: operation({
        operationId: 'getMyClaim',
        summary: "The session's general claim",
        tags: ['claims'],
        session: true,
        success: { '200': ok("The session's claim", 'ClaimView') },
        errors: [400, 404, 429, 503],
      }),
    },
    '/api/files/{id}': {
      get: operation({
        operationId: 'getFile',
        summary: 'Download a stored file (its owner session or a signed-in operator only)',
        tags: ['files'],
        session: true,
        parameters: [ref('parameters', 'FileId')],
        success: {
          '200': {
            description: 'The bytes, with the sniffed content type, as an attachment',
            headers: {
              'Content-Disposition': {
                description: 'attachment; filename="…"; filename*=UTF-8\'\'…',
                schema: { type: 'string' },
              },
            },
            content: {
              'application/octet-stream': {
                schema: { type: 'string', contentMediaType: 'application/octet-stream' },
              },
            },
          },
        },
        errors: [400, 404, 429, 503],
      }),
    },
    '/api/onboarding': {
      get: operation({
        operationId: 'getOnboarding',
        summary: "The session's saved mileage-claim progress",
        tags: ['onboarding'],
        session: true,
        success: { '200': ok('Saved progress', 'OnboardingProgress') },
        errors: [400, 404, 429, 503],
      }),
      put: operation({
        operationId: 'saveOnboarding',
        summary: 'Save a wizard step (optimistic revision check)',
        description:
          'Send the revision last received (0 for the first save). The steps up to lastStepCompleted ' +
          'are validated with the step schemas; totals are recomputed by the server.',
        tags: ['onboarding'],
        session: true,
        requestBody: jsonBody('OnboardingSave'),
        success: { '200': ok('Saved; the new revision and totals', 'OnboardingSaved') },
        errors: [400, 409, 413, 415, 429, 503],
      }),
    },
    '/api/onboarding/resume-code': {
      post: operation({
        operationId: 'sendResumeCode',
        summary: 'Send a new resume code by SMS ("Save and finish later")',
        tags: ['onboarding'],
        session: true,
        success: { '202': ok('The SMS was sent', 'ResumeCodeSent') },
        errors: [400, 404, 429, 503],
        otherErrors: {
          '502': {
            description: 'The SMS provider failed',
            content: json(ref('schemas', 'Error'), errorExample(RESUME_MESSAGES.smsFailed)),
          },
        },
      }),
    },
    '/api/onboarding/files': {
      post: operation({
        operationId: 'uploadOnboardingFile',
        summary: 'Upload an evidence file or the P60',
        description:
          'The type is taken from the bytes, never the name: evidence may be PDF, Word, Excel, CSV, JPG ' +
          `or PNG; a P60 PDF, JPG or PNG. At most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB, one file per request.`,
        tags: ['files'],
        session: true,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  kind: { type: 'string', enum: ['evidence', 'p60'] },
                  taxYear: {
                    type: 'string',
                    pattern: '^\\d{4}/\\d{2}$',
                    description: "Evidence only: a claimable tax year, e.g. '2024/25'",
                  },
                  file: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
                required: ['kind', 'file'],
              },
              encoding: { file: { contentType: 'application/octet-stream' } },
            },
          },
        },
        success: { '201': ok('Stored', 'FileSummary') },
        errors: [400, 404, 409, 413, 415, 429, 503],
      }),
    },
    '/api/onboarding/files/{id}': {
      delete: operation({
        operationId: 'deleteOnboardingFile',
        summary: 'Delete an uploaded file (while the claim is a draft)',
        tags: ['files'],
        session: true,
        parameters: [ref('parameters', 'FileId')],
        success: { '204': { description: 'Deleted' } },
        errors: [400, 404, 409, 429, 503],
      }),
    },
    '/api/onboarding/signature': {
      post: operation({
        operationId: 'saveOnboardingSignature',
        summary: 'Save the signature and the three agreements',
        tags: ['onboarding'],
        session: true,
        requestBody: jsonBody('SignatureRequest'),
        success: { '201': ok('Saved', 'SignatureSaved') },
        errors: [400, 404, 409, 413, 415, 429, 503],
      }),
    },
    '/api/onboarding/mileage-log': {
      post: operation({
        operationId: 'generateMileageLogs',
        summary: 'Generate the PDF and CSV mileage logs from the saved journeys',
        tags: ['onboarding'],
        session: true,
        success: { '201': ok('One PDF and one CSV per selected tax year', 'MileageLogs') },
        errors: [400, 404, 409, 429, 503],
      }),
    },
    '/api/onboarding/submit': {
      post: operation({
        operationId: 'submitOnboarding',
        summary: 'Submit the mileage claim (a repeat returns the same answer)',
        tags: ['onboarding'],
        session: true,
        requestBody: jsonBody('SubmitRequest'),
        success: { '200': ok('Submitted', 'Submitted') },
        errors: [400, 404, 413, 415, 429, 503],
      }),
    },
    '/api/resume': {
      post: operation({
        operationId: 'resumeClaim',
        summary: 'Exchange a resume code and phone number for a new session id',
        tags: ['resume'],
        requestBody: jsonBody('ResumeRequest'),
        success: { '200': ok('A fresh session that owns the claim', 'Resumed') },
        errors: [400, 413, 415, 503],
        otherErrors: {
          '404': {
            description: 'No live code for this phone',
            content: json(ref('schemas', 'Error'), errorExample(RESUME_MESSAGES.notFound)),
          },
          '429': {
            description: 'Too many wrong attempts, or the global rate limit',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(ref('schemas', 'Error'), errorExample(RESUME_MESSAGES.throttled)),
          },
        },
      }),
    },
    '/api/status/code': {
      post: operation({
        operationId: 'requestStatusCode',
        summary: 'Text a one-time code to the mobile number of the claim with this reference (D23)',
        tags: ['status'],
        requestBody: jsonBody('StatusCodeRequest'),
        success: { '202': ok('The code was texted', 'StatusCodeSent') },
        errors: [400, 413, 415],
        otherErrors: {
          '404': {
            description: 'No claim with this reference and number (the same answer for either wrong)',
            content: json(ref('schemas', 'Error'), errorExample(STATUS_MESSAGES.notFound)),
          },
          '429': {
            description: 'Five failures from this IP in 15 minutes, or three codes to this number in an hour',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(ref('schemas', 'Error'), errorExample(STATUS_MESSAGES.throttled)),
          },
          '503': {
            description: 'The text could not be sent, or the database is unavailable',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(ref('schemas', 'Error'), errorExample(STATUS_MESSAGES.smsFailed)),
          },
        },
      }),
    },
    '/api/status/verify': {
      post: operation({
        operationId: 'verifyStatusCode',
        summary: 'Exchange the texted code for the claim’s timeline and a 30-minute status cookie',
        tags: ['status'],
        requestBody: jsonBody('StatusVerifyRequest'),
        success: { '200': ok('The timeline; sets the httpOnly tb_status cookie', 'ClaimStatusView') },
        errors: [400, 413, 415, 503],
        otherErrors: {
          '429': {
            description: 'Five failures from this IP in 15 minutes',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(ref('schemas', 'Error'), errorExample(STATUS_MESSAGES.throttled)),
          },
        },
      }),
    },
    '/api/status': {
      get: operation({
        operationId: 'getClaimStatus',
        summary: 'The claim’s timeline while the tb_status cookie lasts',
        tags: ['status'],
        success: { '200': ok('The timeline', 'ClaimStatusView') },
        errors: [429, 503],
        otherErrors: {
          '401': {
            description: 'No cookie, or it has expired',
            content: json(ref('schemas', 'Error'), errorExample(STATUS_MESSAGES.expired)),
          },
        },
      }),
    },
    '/api/status/documents/{id}': {
      get: operation({
        operationId: 'getSignedDocument',
        summary: 'A document the claimant signed (the authority PDF), while the tb_status cookie lasts',
        tags: ['status'],
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'The file id', schema: { type: 'string' } },
        ],
        success: {
          '200': {
            description: 'The PDF, as an attachment',
            content: {
              'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
            },
          },
        },
        errors: [429, 503],
        otherErrors: {
          '401': {
            description: 'No cookie, it has expired, or the file is not this claim’s',
            content: json(ref('schemas', 'Error'), errorExample(STATUS_MESSAGES.expired)),
          },
        },
      }),
    },
    '/api/call-backs': {
      post: operation({
        operationId: 'requestCallBack',
        summary:
          'A self-employed or CIS claimant asks to be called about Self Assessment (D27; 5 a minute per IP)',
        tags: ['call-backs'],
        requestBody: jsonBody('CallBackRequest'),
        success: { '201': ok('Kept, with consent, until called or for 30 days', 'CallBackReceived') },
        errors: [400, 413, 415, 429, 503],
      }),
    },
    '/api/address': {
      get: operation({
        operationId: 'lookupAddress',
        summary: 'Addresses at a UK postcode (30 a minute per IP)',
        tags: ['lookups'],
        parameters: [postcodeQuery('postcode', 'A full UK postcode')],
        success: { '200': ok('The addresses', 'AddressResult') },
        errors: [429],
        otherErrors: {
          '400': lookupError('Missing or invalid postcode', LOOKUP_MESSAGES.validPostcode),
          '404': lookupError('No addresses at this postcode', LOOKUP_MESSAGES.noAddresses),
          '502': lookupError('The address provider failed', LOOKUP_MESSAGES.addressFailed),
          '504': lookupError('The address provider timed out', LOOKUP_MESSAGES.addressFailed),
        },
      }),
    },
    '/api/distance': {
      get: operation({
        operationId: 'lookupDistance',
        summary: 'Road distance between two UK postcodes (30 a minute per IP)',
        tags: ['lookups'],
        parameters: [postcodeQuery('from', 'Start postcode'), postcodeQuery('to', 'End postcode')],
        success: { '200': ok('The distance', 'DistanceResult') },
        errors: [429],
        otherErrors: {
          '400': lookupError('A postcode is missing or invalid', LOOKUP_MESSAGES.bothRequired),
          '422': lookupError('No route between the postcodes', LOOKUP_MESSAGES.noDistance),
          '502': lookupError('The distance provider failed', LOOKUP_MESSAGES.distanceFailed),
          '504': lookupError('The distance provider timed out', LOOKUP_MESSAGES.distanceFailed),
        },
      }),
    },
  };
}

export function buildOpenApiDocument(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'TaxBack API',
      version: '0.1.0',
      description:
        'The claims API used by the TaxBack web app. JSON everywhere; the claimant session travels in ' +
        'the X-Session-Id header. Field errors are `400 { errors: { field: message } }`; other errors ' +
        '`{ error: message }`. Responses carrying personal data are `Cache-Control: no-store`.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [
      { name: 'health', description: 'Service health' },
      { name: 'claims', description: 'The general expenses claim' },
      { name: 'onboarding', description: 'The mileage-claim wizard' },
      { name: 'files', description: 'Uploads and downloads' },
      { name: 'resume', description: 'Resume a saved claim with an SMS code' },
      {
        name: 'status',
        description: 'Claimants follow a submitted claim (reference, mobile number, texted code)',
      },
      { name: 'lookups', description: 'Address and distance lookups' },
      { name: 'docs', description: 'This description' },
      { name: 'admin', description: 'The operator back-office (cookie session, TOTP, CSRF token)' },
    ],
    paths: buildPaths(),
    components: buildComponents(),
  };
}

let cached: { document: OpenApiDocument; body: string } | null = null;

/** Built once, on first use: the schemas never change while the process runs. */
export function getOpenApiDocument(): { document: OpenApiDocument; body: string } {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, body: JSON.stringify(document) };
  }
  return cached;
}
