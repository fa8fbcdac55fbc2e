import { formatPostcode } from '@taxback/domain/postcode';
import { asText, isRecord, requestJson } from '../http.ts';
import type { AddressProvider, AddressResult, DeliveryPoint } from './types.ts';

type Options = { accessToken: string; baseUrl: string; timeoutMs: number };

/**
 * Fetchify (formerly Crafty Clicks) Rapid Address, JSON API: `POST {base}/json/rapidaddress` with
 * `{ key, postcode, response: 'data_formatted', lines: 2 }`. It answers HTTP 200 either with
 * `{ delivery_points: [{ organisation_name, department_name, line_1, line_2, udprn }],
 *    delivery_point_count, town, postal_county, traditional_county, postcode }` — the very shape of
 * SPEC.md §3 — or with `{ error_code, error_msg }`: 0001 postcode not found, 0002 invalid postcode,
 * 7001 demo limit, 8000-8999 access token / account problems, 9xxx server errors.
 */
export function createFetchifyProvider(options: Options): AddressProvider {
  return {
    name: 'fetchify',
    async lookup(postcode: string): Promise<AddressResult> {
      const formatted = formatPostcode(postcode);
      if (!formatted) return { ok: false, reason: 'invalid_postcode' };
      const outcome = await requestJson(
        `${options.baseUrl}/json/rapidaddress`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            key: options.accessToken,
            postcode: formatted,
            response: 'data_formatted',
            lines: 2,
            sort: 'asc',
          }),
        },
        options.timeoutMs,
      );
      if (outcome.kind === 'timeout') return { ok: false, reason: 'timeout' };
      if (outcome.kind === 'network') return { ok: false, reason: 'unavailable' };

      const { status, body } = outcome;
      if (status === 401 || status === 403) return { ok: false, reason: 'misconfigured' };
      if (isRecord(body) && body.error_code !== undefined)
        return { ok: false, reason: mapErrorCode(body.error_code) };
      if (status !== 200 || outcome.malformed || !isRecord(body) || !Array.isArray(body.delivery_points)) {
        return { ok: false, reason: 'unavailable' };
      }
      const deliveryPoints: DeliveryPoint[] = body.delivery_points.filter(isRecord).map((p) => ({
        // The department is part of the organisation line on an envelope.
        organisation_name: [asText(p.department_name), asText(p.organisation_name)]
          .filter((s) => s !== '')
          .join(', '),
        line_1: asText(p.line_1),
        line_2: [asText(p.line_2), asText(p.line_3)].filter((s) => s !== '').join(', '),
        udprn: asText(p.udprn),
      }));
      if (deliveryPoints.length === 0) return { ok: false, reason: 'not_found' };
      return {
        ok: true,
        value: {
          delivery_points: deliveryPoints,
          town: asText(body.town),
          postal_county: asText(body.postal_county),
          traditional_county: asText(body.traditional_county),
          postcode: formatPostcode(asText(body.postcode)) ?? formatted,
        },
      };
    },
  };
}

function mapErrorCode(raw: unknown): 'not_found' | 'invalid_postcode' | 'misconfigured' | 'unavailable' {
  const code = asText(raw);
  if (code === '0001') return 'not_found';
  if (code === '0002') return 'invalid_postcode';
  if (code === '7001' || code.startsWith('8')) return 'misconfigured';
  return 'unavailable';
}
