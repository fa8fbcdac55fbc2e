import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { isStorageKey } from './file-store.ts';
import type { S3StoreOptions } from './s3-location.ts';
import type { FileStore } from './file-store.ts';

/** Multipart parts of 5 MiB (S3's minimum), one at a time: a stream is never held whole. */
const PART_SIZE = 5 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Private objects in an S3 bucket under random keys. Credentials are the AWS_* keys from the
 * configuration, or else the AWS SDK's usual chain (a profile, the instance's role). Objects
 * get no ACL, so they are as private as the bucket; S3 writes are atomic, so a reader sees the old
 * state or the whole object.
 */
export function createS3FileStore(options: S3StoreOptions, clientConfig: S3ClientConfig = {}): FileStore {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...clientConfig,
  });

  function objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    return `${options.prefix}${key}`;
  }

  return {
    async put(key, data) {
      const upload = new Upload({
        client,
        params: {
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: 'application/octet-stream',
        },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },

    async get(key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        const body = object.Body;
        if (body instanceof Readable) return body;
        if (!body) return Readable.from([]);
        // Outside Node the SDK hands back a web stream; in Node it is always a Readable.
        return Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // Deleting a key that is not there is not an error in S3 either.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
