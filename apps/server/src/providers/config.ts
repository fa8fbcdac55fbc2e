import { z } from 'zod';

// Provider selection and credentials, read once at start-up. Every default works offline with no keys.

export type AddressProviderConfig =
  | { provider: 'offline' }
  | { provider: 'ideal-postcodes'; apiKey: string; baseUrl: string }
  | { provider: 'fetchify'; accessToken: string; baseUrl: string };

export type DistanceProviderConfig =
  | { provider: 'offline' }
  | { provider: 'google'; apiKey: string; baseUrl: string }
  | { provider: 'osrm'; baseUrl: string };

export type SmsProviderConfig =
  | { provider: 'offline' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string };

export type EmailProviderConfig = { provider: 'offline' } | { provider: 'smtp'; url: string; from: string };

export type ProviderConfig = {
  address: AddressProviderConfig;
  distance: DistanceProviderConfig;
  sms: SmsProviderConfig;
  email: EmailProviderConfig;
  /** Upper bound for every outbound provider call, in milliseconds. */
  timeoutMs: number;
};

const optionalText = z.string().trim().optional();

const baseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((u) => u.replace(/\/+$/, ''));

const providerEnvSchema = z.object({
  ADDRESS_PROVIDER: z.enum(['offline', 'ideal-postcodes', 'fetchify']).default('offline'),
  IDEAL_POSTCODES_API_KEY: optionalText,
  IDEAL_POSTCODES_BASE_URL: baseUrl('https://api.ideal-postcodes.co.uk'),
  FETCHIFY_ACCESS_TOKEN: optionalText,
  FETCHIFY_BASE_URL: baseUrl('https://pcls1.craftyclicks.co.uk'),
  DISTANCE_PROVIDER: z.enum(['offline', 'google', 'osrm']).default('offline'),
  GOOGLE_MAPS_API_KEY: optionalText,
  GOOGLE_ROUTES_BASE_URL: baseUrl('https://routes.googleapis.com'),
  OSRM_BASE_URL: baseUrl('https://router.project-osrm.org'),
  SMS_PROVIDER: z.enum(['offline', 'twilio']).default('offline'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_BASE_URL: baseUrl('https://api.twilio.com'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'Enter an smtp:// or smtps:// URL' }).optional(),
  EMAIL_FROM: optionalText,
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
});

// An empty variable (`FOO=` in a .env file) means "not set", not "set to nothing".
const blankToUndefined = (env: NodeJS.ProcessEnv): Record<string, string | undefined> => {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(providerEnvSchema.shape)) {
    const value = env[key];
    out[key] = typeof value === 'string' && value.trim() === '' ? undefined : value;
  }
  return out;
};

/**
 * Reads the provider variables. Throws one error that lists every bad or missing key, so a
 * misconfigured deployment fails at start-up instead of on a claimant's first lookup.
 */
export function loadProviderConfig(env: NodeJS.ProcessEnv): ProviderConfig {
  const parsed = providerEnvSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `- ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new Error(`Invalid provider configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const missing: string[] = [];
  const need = (key: keyof typeof e, selectedBy: string): string => {
    const value = e[key];
    if (typeof value !== 'string' || value === '') {
      missing.push(`- ${key}: required when ${selectedBy}`);
      return '';
    }
    return value;
  };

  let address: AddressProviderConfig;
  switch (e.ADDRESS_PROVIDER) {
    case 'ideal-postcodes':
      address = {
        provider: 'ideal-postcodes',
        apiKey: need('IDEAL_POSTCODES_API_KEY', 'ADDRESS_PROVIDER=ideal-postcodes'),
        baseUrl: e.IDEAL_POSTCODES_BASE_URL,
      };
      break;
    case 'fetchify':
      address = {
        provider: 'fetchify',
        accessToken: need('FETCHIFY_ACCESS_TOKEN', 'ADDRESS_PROVIDER=fetchify'),
        baseUrl: e.FETCHIFY_BASE_URL,
      };
      break;
    default:
      address = { provider: 'offline' };
  }

  let distance: DistanceProviderConfig;
  switch (e.DISTANCE_PROVIDER) {
    case 'google':
      distance = {
        provider: 'google',
        apiKey: need('GOOGLE_MAPS_API_KEY', 'DISTANCE_PROVIDER=google'),
        baseUrl: e.GOOGLE_ROUTES_BASE_URL,
      };
      break;
    case 'osrm':
      distance = { provider: 'osrm', baseUrl: e.OSRM_BASE_URL };
      break;
    default:
      distance = { provider: 'offline' };
  }

  let sms: SmsProviderConfig;
  if (e.SMS_PROVIDER === 'twilio') {
    sms = {
      provider: 'twilio',
      accountSid: need('TWILIO_ACCOUNT_SID', 'SMS_PROVIDER=twilio'),
      authToken: need('TWILIO_AUTH_TOKEN', 'SMS_PROVIDER=twilio'),
      from: need('TWILIO_FROM', 'SMS_PROVIDER=twilio'),
      baseUrl: e.TWILIO_BASE_URL,
    };
  } else {
    sms = { provider: 'offline' };
  }

  const email: EmailProviderConfig = e.SMTP_URL
    ? { provider: 'smtp', url: e.SMTP_URL, from: need('EMAIL_FROM', 'SMTP_URL is set') }
    : { provider: 'offline' };

  if (missing.length > 0) {
    throw new Error(`Invalid provider configuration:\n${missing.join('\n')}`);
  }
  return { address, distance, sms, email, timeoutMs: e.PROVIDER_TIMEOUT_MS };
}
