import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  decryptField,
  encryptField,
  hashCanonical,
  hashPassword,
  hexDigestsEqual,
  hmacSha256Hex,
  loadOrCreateKeyFile,
  sha256Hex,
  verifyPassword,
} from '../src/crypto/index.ts';

describe('field encryption (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never shows the plain text', () => {
    const sealed = encryptField('QQ123456C', key);
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain('QQ123456C');
    expect(decryptField(sealed, key)).toBe('QQ123456C');
    expect(decryptField(encryptField('', key), key)).toBe('');
    expect(decryptField(encryptField('émoji ✓', key), key)).toBe('émoji ✓');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptField('same', key)).not.toBe(encryptField('same', key));
  });

  it('refuses a wrong key, tampering and unknown formats', () => {
    const sealed = encryptField('QQ123456C', key);
    expect(() => decryptField(sealed, randomBytes(32))).toThrow(DecryptionError);
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptField(`v1:${raw.toString('base64url')}`, key)).toThrow(DecryptionError);
    expect(() => decryptField('QQ123456C', key)).toThrow(DecryptionError);
    expect(() => encryptField('x', randomBytes(16))).toThrow();
  });
});

describe('hashing', () => {
  it('hashes canonical JSON independent of key order', () => {
    const a = hashCanonical({ b: 1, a: [1, 2], c: { y: 'x', x: 'y' } });
    const b = hashCanonical({ c: { x: 'y', y: 'x' }, a: [1, 2], b: 1 });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCanonical({ a: [2, 1] })).not.toBe(hashCanonical({ a: [1, 2] }));
  });

  it('computes sha256 and keyed HMACs', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const k1 = randomBytes(32);
    expect(hmacSha256Hex(k1, 'ABCD')).toBe(hmacSha256Hex(k1, 'ABCD'));
    expect(hmacSha256Hex(k1, 'ABCD')).not.toBe(hmacSha256Hex(randomBytes(32), 'ABCD'));
    expect(hexDigestsEqual(sha256Hex('a'), sha256Hex('a'))).toBe(true);
    expect(hexDigestsEqual(sha256Hex('a'), sha256Hex('b'))).toBe(false);
  });
});

describe('passwords (scrypt)', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('wrong password here', stored)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe('key files', () => {
  it('creates a 32-byte key once with owner-only permissions and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxback-keys-'));
    try {
      const file = path.join(dir, 'nested', 'data.key');
      const first = loadOrCreateKeyFile(file);
      expect(first).toHaveLength(32);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      expect(loadOrCreateKeyFile(file).equals(first)).toBe(true);
      fs.writeFileSync(file, 'short');
      expect(() => loadOrCreateKeyFile(file)).toThrow(/32-byte/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
