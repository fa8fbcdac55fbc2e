// Reading FILE_STORE=s3://…, kept apart from the store so config never loads the AWS SDK.

/** Where the files live: `FILE_STORE=s3://bucket/prefix` plus the S3 variables (decision 021). */
export interface S3StoreOptions {
  bucket: string;
  /** Folder inside the bucket ('' or 'taxback/'); always ends with '/' when not empty. */
  prefix: string;
  region: string;
  /** An S3-compatible server's URL; unset for AWS itself. */
  endpoint: string | null;
  /** Bucket in the path (most S3-compatible servers) rather than the host name. */
  forcePathStyle: boolean;
  /** Access keys from the environment, or null for the AWS SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://bucket/some/prefix` → bucket and prefix; null when it is not a usable S3 address. */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/i.exec(url.trim());
  if (!match) return null;
  const bucket = match[1]!;
  if (!BUCKET_PATTERN.test(bucket)) return null;
  const path = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((part) => part === '..' || part === '.')) return null;
  return { bucket, prefix: path === '' ? '' : `${path}/` };
}
