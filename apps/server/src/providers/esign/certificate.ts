import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';

// D29 (decision 076): the certificate the offline provider signs nominations with. A configured
// .p12 (ESIGN_P12_PATH, ESIGN_P12_PASSPHRASE) is used as it is; otherwise a local test certificate
// is made on first use and kept in the data folder (never in git), with its passphrase beside it.

export interface SigningCertificate {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject, as the audit trail names it ('CN=…, O=…'). */
  subject: string;
  /** SHA-256 of the certificate's DER bytes, hex. */
  fingerprintSha256: string;
}

/** The test certificate's file in DATA_DIR/esign: the .p12 (base64) and its passphrase. */
const TEST_CERTIFICATE = 'nomination-test-signer.json';

/** A self-signed test certificate for `organisation`, as a .p12 under a random passphrase. */
export function makeTestCertificate(organisation: string, now: Date): { p12: Buffer; passphrase: string } {
  // Node makes the key (fast, native); forge makes the certificate and the PKCS#12 bundle.
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 5 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: 'commonName', value: `${organisation.slice(0, 40)} nomination signer (test)` },
    { name: 'organizationName', value: organisation.slice(0, 64) },
    { name: 'countryName', value: 'GB' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** The subject and fingerprint of the first certificate in a .p12. */
export function describeP12(
  p12: Buffer,
  passphrase: string,
): Pick<SigningCertificate, 'subject' | 'fingerprintSha256'> {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const bundle = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const certBag = forge.pki.oids.certBag ?? '1.2.840.113549.1.12.10.1.3';
  const bags = bundle.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = bags[0]?.cert;
  if (!cert) throw new Error('The .p12 holds no certificate');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    subject: cert.subject.attributes
      .map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name}=${String(a.value)}`)
      .join(', '),
    fingerprintSha256: createHash('sha256').update(der).digest('hex'),
  };
}

/**
 * The signing certificate: the configured .p12, or the data folder's test one (made now when it
 * is not there yet).
 */
export async function loadSigningCertificate(options: {
  dataDir: string;
  organisation: string;
  p12Path: string | null;
  passphrase: string;
  now: () => Date;
}): Promise<SigningCertificate> {
  let p12: Buffer;
  let passphrase: string;
  if (options.p12Path) {
    p12 = await readFile(options.p12Path);
    passphrase = options.passphrase;
  } else {
    const folder = path.join(options.dataDir, 'esign');
    const file = path.join(folder, TEST_CERTIFICATE);
    try {
      const kept = JSON.parse(await readFile(file, 'utf8')) as { p12: string; passphrase: string };
      [p12, passphrase] = [Buffer.from(kept.p12, 'base64'), kept.passphrase];
    } catch {
      const made = makeTestCertificate(options.organisation, options.now());
      await mkdir(folder, { recursive: true });
      // Written whole, then renamed: another instance never reads half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}`;
      const kept = { p12: made.p12.toString('base64'), passphrase: made.passphrase };
      await writeFile(temporary, JSON.stringify(kept), { mode: 0o600 });
      await rename(temporary, file);
      ({ p12, passphrase } = made);
    }
  }
  return { p12, passphrase, ...describeP12(p12, passphrase) };
}
