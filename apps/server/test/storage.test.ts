import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, isStorageKey, newStorageKey } from '../src/storage/index.ts';
import type { FileStore } from '../src/storage/index.ts';
import { createS3FileStore } from '../src/storage/s3-file-store.ts';
import { parseS3Url } from '../src/storage/s3-location.ts';
import { startS3StandIn } from './s3-stand-in.ts';
import type { S3StandIn } from './s3-stand-in.ts';

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

// Decision 021: the S3 store keeps the FileStore contract the local one does, on s3rver.
describe('S3 file store (s3rver on 127.0.0.1)', () => {
  let s3: S3StandIn;
  let store: FileStore;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    store = createS3FileStore({
      bucket: s3.bucket,
      prefix: 'claims/',
      region: 'eu-west-2',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await s3.close();
  });

  it('puts, gets and deletes bytes and streams under random keys', async () => {
    const key = newStorageKey();
    await store.put(key, Buffer.from('hello'));
    expect(await readAll((await store.get(key))!)).toBe('hello');

    const streamed = newStorageKey();
    await store.put(streamed, Readable.from([Buffer.from('a'), Buffer.from('b')]));
    expect(await readAll((await store.get(streamed))!)).toBe('ab');

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    // The object sits under the configured prefix, not at the bucket's root.
    const raw = await fetch(`${s3.endpoint}/${s3.bucket}/claims/${streamed}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe('ab');
  });

  it('streams a file larger than one multipart part, byte for byte', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const key = newStorageKey();
    const chunks = Array.from({ length: 11 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    await store.put(key, Readable.from(chunks));
    const back: Buffer[] = [];
    for await (const chunk of (await store.get(key))!) back.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(back).equals(big)).toBe(true);
  });

  it('refuses keys that could leave the prefix', async () => {
    for (const bad of ['../escape', 'ab/../../etc/passwd', '/abs/path', 'sess_123/signature.png']) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    }
  });

  it('stores nothing when the upload stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection dropped'));
      },
    });
    const key = newStorageKey();
    await expect(store.put(key, failing)).rejects.toThrow('connection dropped');
    expect(await store.get(key)).toBeNull();
  });
});

describe('FILE_STORE=s3:// addresses', () => {
  it.each([
    ['s3://bucket', { bucket: 'bucket', prefix: '' }],
    ['s3://my.bucket-1/claims', { bucket: 'my.bucket-1', prefix: 'claims/' }],
    ['s3://bucket/a/b/', { bucket: 'bucket', prefix: 'a/b/' }],
  ])('%s is read as bucket and prefix', (url, expected) => {
    expect(parseS3Url(url)).toEqual(expected);
  });

  it.each(['s3://', 's3://ab', 's3://Bucket', 's3://bucket/../x', 'https://bucket', 's3://-bucket'])(
    '%s is refused',
    (url) => {
      expect(parseS3Url(url)).toBeNull();
    },
  );
});
