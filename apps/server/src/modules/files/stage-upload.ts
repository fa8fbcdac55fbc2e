import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { newStorageKey } from '../../storage/file-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { STAGE_HEAD_BYTES } from './file-records.ts';
import type { StagedUpload } from './file-records.ts';

/**
 * Streams an upload into the store under a fresh key, counting and hashing it on the way and
 * keeping only its first STAGE_HEAD_BYTES: the whole file is never in memory. Pass the result
 * as `bytes` to saveFileWith, or to `discard`.
 */
export async function stageUpload(store: FileStore, stream: Readable): Promise<StagedUpload> {
  const storageKey = newStorageKey();
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  // Read with for-await (as the old in-memory route did), so an error in the source (a body cut
  // off mid-file) ends the store's write instead of leaving it waiting.
  async function* measured() {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < STAGE_HEAD_BYTES) {
        const part = chunk.subarray(0, STAGE_HEAD_BYTES - headLength);
        headChunks.push(Buffer.from(part));
        headLength += part.length;
      }
      yield chunk;
    }
  }
  try {
    await store.put(storageKey, Readable.from(measured(), { objectMode: false }));
  } catch (error) {
    await store.delete(storageKey).catch(() => {});
    throw error;
  }
  const head = Buffer.concat(headChunks);
  return { storageKey, size, sha256: hash.digest('hex'), head, partial: size > head.length };
}
