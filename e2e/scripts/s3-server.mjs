/* global process, console */
// An S3 stand-in (s3rver) on 127.0.0.1 for the two-instance test: one bucket, a port chosen by the
// OS, printed on stdout as JSON once it listens. Stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

const bucket = process.env.S3_BUCKET ?? 'taxback-e2e';
const directory = mkdtempSync(join(tmpdir(), 'taxback-e2e-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
console.log(JSON.stringify({ port, bucket }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void server.close().finally(() => {
      rmSync(directory, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
