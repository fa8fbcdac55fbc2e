import { formatPostcode } from '@taxback/domain/postcode';
import { asText, isRecord, requestJson } from '../http.ts';
import type { AddressProvider, AddressResult, DeliveryPoint } from './types.ts';

type Options = { apiKey: string; baseUrl: string; timeoutMs: number };

/**
 * Ideal Postcodes `GET /v1/postcodes/{postcode}?api_key=…`.
 * 200 `{ code: 2000, result: [address…] }`; 404 `{ code: 4040 }` not found; 401 `{ code: 4010 }`
 * bad key; 402 `{ code: 4020/4021 }` no balance or daily limit; 429 rate limited; 5xx outage.
 */
export function createIdealPostcodesProvider(options: Options): AddressProvider {
  return {
    name: 'ideal-postcodes',
    async lookup(postcode: string): Promise<AddressResult> {
      const formatted = formatPostcode(postcode);
      if (!formatted) return { ok: false, reason: 'invalid_postcode' };
      const url =
        `${options.baseUrl}/v1/postcodes/${encodeURIComponent(formatted.replace(' ', ''))}` +
        `?api_key=${encodeURIComponent(options.apiKey)}`;
      const outcome = await requestJson(
        url,
        { method: 'GET', headers: { Accept: 'application/json' } },
        options.timeoutMs,
      );
      if (outcome.kind === 'timeout') return { ok: false, reason: 'timeout' };
      if (outcome.kind === 'network') return { ok: false, reason: 'unavailable' };

      const { status, body } = outcome;
      const code = isRecord(body) && typeof body.code === 'number' ? body.code : undefined;
      if (status === 404 || code === 4040) return { ok: false, reason: 'not_found' };
      if (
        status === 401 ||
        status === 402 ||
        status === 403 ||
        (code !== undefined && code >= 4010 && code < 4040)
      ) {
        return { ok: false, reason: 'misconfigured' };
      }
      if (status === 400) return { ok: false, reason: 'invalid_postcode' };
      if (status !== 200 || outcome.malformed || !isRecord(body) || !Array.isArray(body.result)) {
        return { ok: false, reason: 'unavailable' };
      }
      return mapIdealAddresses(body.result, formatted);
    },
  };
}

function mapIdealAddresses(result: unknown[], requested: string): AddressResult {
  const addresses = result.filter(isRecord);
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'not_found' };
  const deliveryPoints: DeliveryPoint[] = addresses.map((a) => ({
    organisation_name: asText(a.organisation_name),
    line_1: asText(a.line_1),
    // SPEC.md has two address lines; Ideal Postcodes has three, so the third joins the second.
    line_2: [asText(a.line_2), asText(a.line_3)].filter((s) => s !== '').join(', '),
    udprn: asText(a.udprn),
  }));
  return {
    ok: true,
    value: {
      delivery_points: deliveryPoints,
      town: asText(first.post_town),
      postal_county: asText(first.postal_county) || asText(first.county),
      traditional_county: asText(first.traditional_county),
      postcode: formatPostcode(asText(first.postcode)) ?? requested,
    },
  };
}
