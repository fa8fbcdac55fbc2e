// SPEC.md §3 "Address lookup result": the shape every address adapter maps its vendor's answer to.

export type DeliveryPoint = {
  organisation_name: string;
  line_1: string;
  line_2: string;
  udprn: string;
};

export type AddressLookupValue = {
  delivery_points: DeliveryPoint[];
  town: string;
  postal_county: string;
  traditional_county: string;
  postcode: string;
};

export type AddressFailureReason =
  'not_found' | 'invalid_postcode' | 'unavailable' | 'timeout' | 'misconfigured';

export type AddressResult =
  { ok: true; value: AddressLookupValue } | { ok: false; reason: AddressFailureReason };

export type AddressProviderName = 'offline' | 'ideal-postcodes' | 'fetchify';

export interface AddressProvider {
  readonly name: AddressProviderName;
  /** Never throws: every failure is a reason. */
  lookup(postcode: string): Promise<AddressResult>;
}
