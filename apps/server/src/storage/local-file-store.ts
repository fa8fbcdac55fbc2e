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

  // Folders made by this process: each is created once, not on every write. (A folder removed
  // behind our back is made again when a write into it fails with ENOENT.)
  const madeFolders = new Set<string>();
  async function ensureFolder(folder: string, force = false): Promise<void> {
    if (!force && madeFolders.has(folder)) return;
    await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
    madeFolders.add(folder);
  }

  async function write(temp: string, data: Buffer | Uint8Array | Readable): Promise<void> {
    const options = { flag: 'wx', mode: 0o600 } as const;
    if (data instanceof Readable)
      await pipeline(data, fs.createWriteStream(temp, { flags: options.flag, mode: options.mode }));
    else await fsp.writeFile(temp, data, options); // a buffer in one call, without a stream's machinery
  }

  return {
    async put(key, data) {
      const target = pathFor(key);
      const folder = path.dirname(target);
      await ensureFolder(folder);
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        try {
          await write(temp, data);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || data instanceof Readable) throw error;
          await ensureFolder(folder, true);
          await write(temp, data);
        }
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
