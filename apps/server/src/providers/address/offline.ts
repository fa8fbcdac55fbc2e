import { formatPostcode, postcodeSector } from '@taxback/domain/postcode';
import type { AddressProvider, AddressResult } from './types.ts';

/**
 * No keys, no addresses: the open data has postcode sectors but no delivery points, so a
 * well-formed postcode always ends in 'No addresses found for this postcode' and the claimant
 * types the address (DECISIONS D9). A recognised GB sector, a sector missing from the data (new
 * since the data's release) and a Northern Ireland (BT) postcode all answer the same way; only a
 * malformed postcode is told apart.
 */
export function createOfflineAddressProvider(): AddressProvider {
  return {
    name: 'offline',
    async lookup(postcode: string): Promise<AddressResult> {
      const formatted = formatPostcode(postcode);
      if (!formatted || !postcodeSector(formatted)) return { ok: false, reason: 'invalid_postcode' };
      return { ok: false, reason: 'not_found' };
    },
  };
}
