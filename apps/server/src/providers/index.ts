import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { createFetchifyProvider } from './address/fetchify.ts';
import { createIdealPostcodesProvider } from './address/ideal-postcodes.ts';
import { createOfflineAddressProvider } from './address/offline.ts';
import type { AddressProvider } from './address/types.ts';
import type { ProviderConfig } from './config.ts';
import { createGoogleRoutesProvider } from './distance/google-routes.ts';
import { createOfflineDistanceProvider } from './distance/offline.ts';
import { createOsrmProvider } from './distance/osrm.ts';
import type { DistanceProvider } from './distance/types.ts';
import { createOfflineSmsProvider } from './sms/offline.ts';
import { createSmsOutbox } from './sms/outbox.ts';
import { createTwilioSmsProvider } from './sms/twilio.ts';
import type { SmsProvider } from './sms/types.ts';
import { createOfflineEmailProvider } from './email/offline.ts';
import { createEmailOutbox } from './email/outbox.ts';
import { createSmtpEmailProvider } from './email/smtp.ts';
import type { EmailProvider } from './email/types.ts';

export type Providers = {
  address: AddressProvider;
  distance: DistanceProvider;
  sms: SmsProvider;
  email: EmailProvider;
};

export type { AddressProvider, AddressResult, AddressLookupValue, DeliveryPoint } from './address/types.ts';
export type { DistanceProvider, DistanceResult, DistanceValue } from './distance/types.ts';
export type { SmsProvider, SmsMessage, SmsSendResult } from './sms/types.ts';
export type { EmailProvider, EmailMessage, EmailSendResult } from './email/types.ts';
export type { ProviderConfig } from './config.ts';
export { loadProviderConfig } from './config.ts';
export { POSTCODE_DATA_ATTRIBUTION } from './postcode-data.ts';

/** The one place that turns configuration into implementations (offline unless configured). */
export function createProviders(
  config: ProviderConfig,
  deps: { db: Kysely<Database>; log: FastifyBaseLogger },
): Providers {
  const timeoutMs = config.timeoutMs;

  let address: AddressProvider;
  switch (config.address.provider) {
    case 'ideal-postcodes':
      address = createIdealPostcodesProvider({ ...config.address, timeoutMs });
      break;
    case 'fetchify':
      address = createFetchifyProvider({ ...config.address, timeoutMs });
      break;
    default:
      address = createOfflineAddressProvider();
  }

  let distance: DistanceProvider;
  switch (config.distance.provider) {
    case 'google':
      distance = createGoogleRoutesProvider({ ...config.distance, timeoutMs });
      break;
    case 'osrm':
      distance = createOsrmProvider({ ...config.distance, timeoutMs });
      break;
    default:
      distance = createOfflineDistanceProvider();
  }

  const outbox = createSmsOutbox(deps.db);
  const sms =
    config.sms.provider === 'twilio'
      ? createTwilioSmsProvider({ ...config.sms, timeoutMs }, { outbox, log: deps.log })
      : createOfflineSmsProvider({ outbox, log: deps.log });

  const emailOutbox = createEmailOutbox(deps.db);
  const email =
    config.email.provider === 'smtp'
      ? createSmtpEmailProvider({ ...config.email, timeoutMs }, { outbox: emailOutbox, log: deps.log })
      : createOfflineEmailProvider({ outbox: emailOutbox, log: deps.log });

  deps.log.info(
    { address: address.name, distance: distance.name, sms: sms.name, email: email.name },
    'External service providers selected',
  );
  return { address, distance, sms, email };
}
