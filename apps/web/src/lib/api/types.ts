// The typed client's types, every one read from the domain's API contract (decision 033). Only
// types are imported here: nothing of the contract's zod schemas reaches a production bundle.
import type { z } from 'zod';
import type { API, ApiOperation } from '@taxback/domain/api/contract';

export type { ApiOperation };
type Route<Op extends ApiOperation> = (typeof API)[Op];
type Declared<Op extends ApiOperation> = Route<Op>['responses'];

/** The statuses the contract declares for an operation. */
export type Status<Op extends ApiOperation> = Extract<keyof Declared<Op>, number>;

/** The body the contract declares for one answer (undefined for a file or an empty answer). */
export type AnswerBody<Op extends ApiOperation, S extends Status<Op>> = Declared<Op>[S] extends {
  schema: infer B extends z.ZodType;
}
  ? z.output<B>
  : undefined;

/** The request body an operation takes: JSON per its schema, or FormData for a multipart upload. */
export type RequestBody<Op extends ApiOperation> =
  Route<Op> extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : Route<Op> extends { multipart: z.ZodType }
      ? FormData
      : never;

type ParamsPart<Op extends ApiOperation> =
  Route<Op> extends { params: infer P extends z.ZodType }
    ? { params: { [K in keyof z.input<P>]: string } }
    : { params?: never };
export type QueryValue = string | number | boolean | null | undefined;
type QueryPart<Op extends ApiOperation> =
  Route<Op> extends { querystring: infer Q extends z.ZodType }
    ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
    : { query?: never };
type BodyPart<Op extends ApiOperation> = [RequestBody<Op>] extends [never]
  ? { body?: never }
  : { body: RequestBody<Op> };

export interface CallOptions {
  /** Sent as `X-Session-Id` (D5: never in the URL). */
  sessionId?: string | null;
  signal?: AbortSignal;
  /** Default 15 s; 0 for none. */
  timeoutMs?: number;
  /** 0-100 as an upload's bytes go up (sends through XMLHttpRequest, which reports them). */
  onUploadProgress?: (percent: number) => void;
}

/** What `call(op, input)` takes: the path parameters, query and body the contract declares. */
export type CallInput<Op extends ApiOperation> = ParamsPart<Op> & QueryPart<Op> & BodyPart<Op> & CallOptions;

/** A declared answer: the contract's body for its status, discriminated by `status`. */
type Declaration<Op extends ApiOperation> = {
  [S in Status<Op>]: `${S}` extends `2${string}`
    ? { ok: true; status: S; data: AnswerBody<Op, S> }
    : {
        ok: false;
        status: S;
        data: AnswerBody<Op, S>;
        /** The body's `error` text, when it has one. */
        error?: string;
        /** The body's field errors, when it has them. */
        errors?: Record<string, string>;
      };
}[Status<Op>];

/**
 * No declared answer: the network failed, the time ran out, or the server answered something the
 * contract does not declare (an undeclared status, or a body that is not JSON where one is due).
 */
export interface CallFailure {
  ok: false;
  status: 0;
  reason: 'network' | 'timeout' | 'unexpected';
  /** The status the server did answer, for an unexpected answer. */
  httpStatus?: number;
  data?: undefined;
  /** Set for a network failure or timeout (a message to show); absent for an unexpected answer. */
  error?: string;
  errors?: undefined;
}

export type Answer<Op extends ApiOperation> = Declaration<Op> | CallFailure;
