export { encryptField, decryptField, isEncryptedField, DecryptionError } from './field-encryption.ts';
export { sha256Hex, hmacSha256Hex, hashCanonical, hexDigestsEqual, niNumberKey } from './hash.ts';
export { resolveKeys, loadOrCreateKeyFile } from './keys.ts';
export type { AppKeys } from './keys.ts';
export { hashPassword, verifyPassword } from './password.ts';
