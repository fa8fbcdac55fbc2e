import type { FastifyBaseLogger } from 'fastify';
import type { ESignProviderConfig } from '../config.ts';
import { loadSigningCertificate, type SigningCertificate } from './certificate.ts';
import { createDropboxSignProvider } from './dropbox-sign.ts';
import { createOfflineESignProvider } from './offline.ts';
import type { ESignProvider } from './types.ts';

// D29 (decision 076): the nomination's e-signature provider from configuration (offline unless
// ESIGN_PROVIDER names a vendor).

export type { ESignAuditTrail, ESignEventRead, ESignProvider, ESignRequest, ESignResult } from './types.ts';
export { PADES_SUBFILTER } from './offline.ts';
export { DROPBOX_SIGN_FRAME_ORIGINS } from './dropbox-sign.ts';

export function createESignProvider(
  config: ESignProviderConfig,
  deps: {
    dataDir: string;
    organisation: string;
    timeoutMs: number;
    log: FastifyBaseLogger;
    now?: () => Date;
  },
): ESignProvider {
  if (config.provider === 'dropbox-sign')
    return createDropboxSignProvider({ ...config, timeoutMs: deps.timeoutMs }, { log: deps.log });
  // The certificate is read (or made) on the first signature, then kept.
  let certificate: Promise<SigningCertificate> | null = null;
  return createOfflineESignProvider({
    organisation: deps.organisation,
    log: deps.log,
    certificate: () => {
      certificate ??= loadSigningCertificate({
        dataDir: deps.dataDir,
        organisation: deps.organisation,
        p12Path: config.p12Path,
        passphrase: config.passphrase,
        now: deps.now ?? (() => new Date()),
      }).catch((error: unknown) => {
        certificate = null;
        throw error;
      });
      return certificate;
    },
  });
}
