import { createLocalFileStore } from './local-file-store.ts';
import type { FileStore } from './file-store.ts';

export type { FileStore } from './file-store.ts';
export { newStorageKey, isStorageKey } from './file-store.ts';
export { createLocalFileStore } from './local-file-store.ts';

/** Picks the store from config. Only the local folder exists in this build (config rejects s3://). */
export function createFileStore(config: { fileStoreDir: string }): FileStore {
  return createLocalFileStore(config.fileStoreDir);
}
