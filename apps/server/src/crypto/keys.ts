import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface AppKeys {
  /** AES-256-GCM key for encryptField/decryptField. */
  dataKey: Buffer;
  /** HMAC key for resume codes and other keyed hashes. */
  signingKey: Buffer;
}

/**
 * Reads a 32-byte base64 key from `file`, creating it (mode 0600) on first use. Used when the key
 * is not given in the environment, so a development machine works with no set-up. Production
 * deployments with several instances must pass the same key to each through the environment.
 */
export function loadOrCreateKeyFile(file: string): Buffer {
  try {
    return parseKey(fs.readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    // 'wx' fails if another process created the file in the meantime; then we read theirs.
    fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKey(fs.readFileSync(file, 'utf8'), file);
  }
}

function parseKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32)
    throw new Error(`Key file ${path.basename(file)} does not hold a 32-byte base64 key`);
  return key;
}

export function resolveKeys(config: {
  dataDir: string;
  dataKey: Buffer | null;
  signingKey: Buffer | null;
}): AppKeys {
  return {
    dataKey: config.dataKey ?? loadOrCreateKeyFile(path.join(config.dataDir, 'data.key')),
    signingKey: config.signingKey ?? loadOrCreateKeyFile(path.join(config.dataDir, 'signing.key')),
  };
}
