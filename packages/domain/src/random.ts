interface CryptoLike {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

// The domain compiles without DOM or Node types, so reach crypto through a narrow cast rather than
// a global declaration (which would clash with lib.dom in the web app).
function getCrypto(): CryptoLike {
  const c = (globalThis as unknown as { crypto?: Partial<CryptoLike> }).crypto;
  if (!c || typeof c.getRandomValues !== 'function') {
    throw new Error('globalThis.crypto.getRandomValues is not available');
  }
  return c as CryptoLike;
}

/** n cryptographically random bytes. */
export function randomBytes(n: number): Uint8Array {
  return getCrypto().getRandomValues(new Uint8Array(n));
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Unpadded base64url (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const triple = (b0 << 16) | (b1 << 8) | b2;
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += BASE64URL[(triple >> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * `length` characters from `alphabet`, each equally likely: rejection sampling, because 256 is not
 * a multiple of most alphabets' sizes (resume codes, claim references).
 */
export function randomCharacters(
  alphabet: string,
  length: number,
  random: (n: number) => Uint8Array = randomBytes,
): string {
  const size = alphabet.length;
  const limit = Math.floor(256 / size) * size;
  let out = '';
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % size];
    }
  }
  return out;
}
