import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, isStorageKey, newStorageKey } from '../src/storage/index.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-store-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

describe('local file store', () => {
  it('puts, gets and deletes bytes and streams under random keys', async () => {
    const store = createLocalFileStore(root);
    const key = newStorageKey();
    expect(isStorageKey(key)).toBe(true);
    await store.put(key, Buffer.from('hello'));
    expect(await readAll((await store.get(key))!)).toBe('hello');

    const streamed = newStorageKey();
    await store.put(streamed, Readable.from([Buffer.from('a'), Buffer.from('b')]));
    expect(await readAll((await store.get(streamed))!)).toBe('ab');

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    // No temp files left behind.
    const leftovers = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('refuses keys that could leave the folder', async () => {
    const store = createLocalFileStore(root);
    for (const bad of ['../escape', 'ab/../../etc/passwd', '/abs/path', 'sess_123/signature.png']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
  });

  it('removes the temp file when a write fails', async () => {
    const store = createLocalFileStore(root);
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection dropped'));
      },
    });
    const key = newStorageKey();
    await expect(store.put(key, failing)).rejects.toThrow('connection dropped');
    expect(await store.get(key)).toBeNull();
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('.'));
    expect(files).toEqual([]);
  });
});
