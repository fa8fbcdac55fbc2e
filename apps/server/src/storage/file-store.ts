import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Private blob storage for signatures, evidence, P60s and mileage logs (D6). */
export interface FileStore {
  /** Stores bytes under `key`, replacing nothing half-written: readers see the old state or the whole file. */
  put(key: string, data: Uint8Array | Readable): Promise<void>;
  /** The stored bytes as a stream, or null when the key does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9]{2}\/[a-z0-9-]{16,64}$/;

/** A fresh random storage key ('ab/ab12…'): never built from anything a user sent. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
