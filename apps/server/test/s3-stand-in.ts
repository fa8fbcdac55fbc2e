import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const PREFIX = 'claims';

/** An S3 stand-in (s3rver) on 127.0.0.1 with one empty bucket, for the S3 file store's tests. */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** The env that points the app's FILE_STORE at the bucket (any credentials work). */
  env: Record<string, string>;
  /** The storage keys of every object under the app's prefix, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** The stand-in's view from a test: env for the app, and a listing of the bucket. */
function standInAt(endpoint: string, bucket: string, close: () => Promise<void>): S3StandIn {
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: `s3://${bucket}/${PREFIX}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-2',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async keys() {
      const client = new S3Client({
        region: 'eu-west-2',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${PREFIX}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) keys.push(object.Key!.slice(PREFIX.length + 1));
        token = page.NextContinuationToken;
      } while (token);
      client.destroy();
      return keys.sort();
    },
    close,
  };
}

export async function startS3StandIn(bucket = 'taxback-test'): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return standInAt(`http://127.0.0.1:${port}`, bucket, async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
}

/**
 * The same stand-in in a child process (the two-instance e2e test's `e2e/scripts/s3-server.mjs`),
 * so a large upload's test shares its event loop and memory with nothing but the app.
 */
export async function startS3StandInProcess(bucket = 'taxback-test'): Promise<S3StandIn> {
  const script = fileURLToPath(new URL('../../../e2e/scripts/s3-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, S3_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) =>
      reject(new Error(`the S3 stand-in exited (${String(code)}) before listening`)),
    );
  });
  return standInAt(`http://127.0.0.1:${port}`, bucket, async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  });
}
