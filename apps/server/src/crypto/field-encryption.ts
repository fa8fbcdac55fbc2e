import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM for sensitive fields at rest (D14). Format: 'v1:' + base64url(iv | tag | ciphertext).
// The version prefix lets a later key or algorithm rotation read old values.
const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  constructor(message = 'Encrypted value could not be read') {
    super(message);
    this.name = 'DecryptionError';
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('Encryption key must be 32 bytes');
}

export function encryptField(plaintext: string, key: Buffer): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function decryptField(ciphertext: string, key: Buffer): string {
  assertKey(key);
  if (!ciphertext.startsWith(VERSION)) throw new DecryptionError('Unknown encryption format');
  const raw = Buffer.from(ciphertext.slice(VERSION.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new DecryptionError();
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new DecryptionError();
  }
}

export function isEncryptedField(value: string): boolean {
  return value.startsWith(VERSION);
}
