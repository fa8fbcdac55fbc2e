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

/** D29 (decision 076): who signs a nomination: the offline PAdES seal, or Dropbox Sign. */
export type ESignProviderConfig =
  | { provider: 'offline'; p12Path: string | null; passphrase: string }
  | { provider: 'dropbox-sign'; apiKey: string; clientId: string; baseUrl: string; testMode: boolean };

/** D41 (decision 078): how an invoice may be paid by card: not at all (offline), or Stripe Checkout. */
export type PaymentProviderConfig =
  { provider: 'offline' } | { provider: 'stripe'; secretKey: string; webhookSecret: string; baseUrl: string };

export type ProviderConfig = {
  address: AddressProviderConfig;
  distance: DistanceProviderConfig;
  sms: SmsProviderConfig;
  email: EmailProviderConfig;
  esign: ESignProviderConfig;
  payments: PaymentProviderConfig;
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
  ESIGN_PROVIDER: z.enum(['offline', 'dropbox-sign']).default('offline'),
  ESIGN_API_URL: baseUrl('https://api.hellosign.com'),
  ESIGN_API_KEY: optionalText,
  ESIGN_CLIENT_ID: optionalText,
  ESIGN_TEST_MODE: z.enum(['true', 'false']).default('false'),
  ESIGN_P12_PATH: optionalText,
  ESIGN_P12_PASSPHRASE: z.string().default(''),
  PAYMENT_PROVIDER: z.enum(['offline', 'stripe']).default('offline'),
  STRIPE_API_URL: baseUrl('https://api.stripe.com'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
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
  // The credentials a chosen provider needs: each one missing is listed with what selected it.
  const requiredBy =
    (selectedBy: string) =>
    (key: keyof typeof e): string => {
      const value = e[key];
      if (typeof value === 'string' && value !== '') return value;
      missing.push(`- ${key}: required when ${selectedBy}`);
      return '';
    };
  const addressNeeds = requiredBy(`ADDRESS_PROVIDER=${e.ADDRESS_PROVIDER}`);
  const distanceNeeds = requiredBy(`DISTANCE_PROVIDER=${e.DISTANCE_PROVIDER}`);
  const smsNeeds = requiredBy(`SMS_PROVIDER=${e.SMS_PROVIDER}`);
  const esignNeeds = requiredBy(`ESIGN_PROVIDER=${e.ESIGN_PROVIDER}`);
  const paymentNeeds = requiredBy(`PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER}`);

  const addressByProvider: Record<typeof e.ADDRESS_PROVIDER, () => AddressProviderConfig> = {
    offline: () => ({ provider: 'offline' }),
    'ideal-postcodes': () => ({
      provider: 'ideal-postcodes',
      apiKey: addressNeeds('IDEAL_POSTCODES_API_KEY'),
      baseUrl: e.IDEAL_POSTCODES_BASE_URL,
    }),
    fetchify: () => ({
      provider: 'fetchify',
      accessToken: addressNeeds('FETCHIFY_ACCESS_TOKEN'),
      baseUrl: e.FETCHIFY_BASE_URL,
    }),
  };
  const distanceByProvider: Record<typeof e.DISTANCE_PROVIDER, () => DistanceProviderConfig> = {
    offline: () => ({ provider: 'offline' }),
    google: () => ({
      provider: 'google',
      apiKey: distanceNeeds('GOOGLE_MAPS_API_KEY'),
      baseUrl: e.GOOGLE_ROUTES_BASE_URL,
    }),
    osrm: () => ({ provider: 'osrm', baseUrl: e.OSRM_BASE_URL }),
  };
  const smsByProvider: Record<typeof e.SMS_PROVIDER, () => SmsProviderConfig> = {
    offline: () => ({ provider: 'offline' }),
    twilio: () => ({
      provider: 'twilio',
      accountSid: smsNeeds('TWILIO_ACCOUNT_SID'),
      authToken: smsNeeds('TWILIO_AUTH_TOKEN'),
      from: smsNeeds('TWILIO_FROM'),
      baseUrl: e.TWILIO_BASE_URL,
    }),
  };

  const esign: ESignProviderConfig =
    e.ESIGN_PROVIDER === 'dropbox-sign'
      ? {
          provider: 'dropbox-sign',
          apiKey: esignNeeds('ESIGN_API_KEY'),
          clientId: esignNeeds('ESIGN_CLIENT_ID'),
          baseUrl: e.ESIGN_API_URL,
          testMode: e.ESIGN_TEST_MODE === 'true',
        }
      : { provider: 'offline', p12Path: e.ESIGN_P12_PATH ?? null, passphrase: e.ESIGN_P12_PASSPHRASE };

  const payments: PaymentProviderConfig =
    e.PAYMENT_PROVIDER === 'stripe'
      ? {
          provider: 'stripe',
          secretKey: paymentNeeds('STRIPE_SECRET_KEY'),
          webhookSecret: paymentNeeds('STRIPE_WEBHOOK_SECRET'),
          baseUrl: e.STRIPE_API_URL,
        }
      : { provider: 'offline' };

  const address = addressByProvider[e.ADDRESS_PROVIDER]();
  const distance = distanceByProvider[e.DISTANCE_PROVIDER]();
  const sms = smsByProvider[e.SMS_PROVIDER]();
  const email: EmailProviderConfig = e.SMTP_URL
    ? { provider: 'smtp', url: e.SMTP_URL, from: requiredBy('SMTP_URL is set')('EMAIL_FROM') }
    : { provider: 'offline' };

  if (missing.length > 0) {
    throw new Error(`Invalid provider configuration:\n${missing.join('\n')}`);
  }
  return { address, distance, sms, email, esign, payments, timeoutMs: e.PROVIDER_TIMEOUT_MS };
}
