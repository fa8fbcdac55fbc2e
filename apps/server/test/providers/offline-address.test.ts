import { describe, expect, it } from 'vitest';
import { createOfflineAddressProvider } from '../../src/providers/address/offline.ts';

const provider = createOfflineAddressProvider();

describe('offline address provider', () => {
  it.each([
    ['a GB postcode whose sector is in the data', 'WN2 1AR'],
    ['the same without a space, lower case', 'wn21ar'],
    ['a sector missing from the data', 'ZZ9 9ZZ'],
    ['a Northern Ireland postcode', 'BT1 1AA'],
  ])('has no delivery points for %s, so the claimant types the address', async (_name, postcode) => {
    await expect(provider.lookup(postcode)).resolves.toEqual({ ok: false, reason: 'not_found' });
  });

  it.each(['WN2', '12345', 'SW1A 1A'])('rejects the malformed postcode %s', async (postcode) => {
    await expect(provider.lookup(postcode)).resolves.toEqual({ ok: false, reason: 'invalid_postcode' });
  });
});
