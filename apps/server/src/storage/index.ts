import { createLocalFileStore } from './local-file-store.ts';
import type { FileStore } from './file-store.ts';
import type { S3StoreOptions } from './s3-location.ts';

export type { FileStore } from './file-store.ts';
export { newStorageKey, isStorageKey } from './file-store.ts';
export { createLocalFileStore } from './local-file-store.ts';

/**
 * Picks the store from config: the S3 bucket when FILE_STORE=s3://… (its SDK is loaded only
 * then), otherwise the local folder.
 */
export async function createFileStore(config: {
  fileStoreDir: string;
  s3: S3StoreOptions | null;
}): Promise<FileStore> {
  if (config.s3) {
    const { createS3FileStore } = await import('./s3-file-store.ts');
    return createS3FileStore(config.s3);
  }
  return createLocalFileStore(config.fileStoreDir);
}
