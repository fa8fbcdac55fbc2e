import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStorageKey } from './file-store.ts';
import type { FileStore } from './file-store.ts';

/** Files in a local folder outside any public path. Writes go to a temp file then rename (atomic). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function pathFor(key: string): string {
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    return path.join(base, ...key.split('/'));
  }

  return {
    async put(key, data) {
      const target = pathFor(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = pathFor(key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await fsp.rm(pathFor(key), { force: true });
    },
  };
}
