import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { AppKeys } from './crypto/keys.ts';
import type { Database } from './db/database.ts';
import type { DatabaseHandle, DbDialect } from './db/connect.ts';
import type { FilesService } from './modules/files/service.ts';
import type { Providers } from './providers/index.ts';
import type { FileStore } from './storage/file-store.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AccessGuards } from './http/contract.ts';

export interface OperatorIdentity {
  id: string;
  email: string;
  name: string;
}

/**
 * How routes learn whether the caller is a signed-in operator (D11). The admin module replaces
 * `resolve` when it registers (e.g. by reading its session cookie); until then nobody is one.
 */
export interface OperatorAuth {
  resolve: (request: FastifyRequest) => Promise<OperatorIdentity | null>;
  /** Called when an operator opens a file, to audit it (D22). */
  fileOpened?: (operator: OperatorIdentity, file: { id: string; kind: string }) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: Config;
    db: Kysely<Database>;
    dbDialect: DbDialect;
    /** The pools: jobs' own, readiness' own connection, and the request pool's gauges (decision 036). */
    database: DatabaseHandle;
    fileStore: FileStore;
    files: FilesService;
    keys: AppKeys;
    providers: Providers;
    operatorAuth: OperatorAuth;
    /** Durable jobs (decision 022); `main.ts` starts the runner, tests call `runDue`/`drain`. */
    jobs: JobQueue;
    /** The guard of each access the contract declares (decision 035); the admin module adds its own. */
    accessGuards: AccessGuards;
  }
}
