/** SPEC §3 campaign tracking keys kept in session storage `utm_data` (besides `full_url`). */
export const UTM_KEYS = [
  'utm_source',
  'utm_content',
  'utm_medium',
  'utm_campaign',
  'utm_adgroup',
  'utm_term',
  'utm_device',
  'utm_placement',
  'utm_matchtype',
  'cn',
  'ag',
  'kw',
  'placement',
  'target',
] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
