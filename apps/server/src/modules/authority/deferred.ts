import type { AuthorityDocument } from '@taxback/domain';
import type { ClaimKind } from '../../db/database.ts';
import { sha256Hex } from '../../crypto/hash.ts';
import type { FilesService, SaveFileInput } from '../files/index.ts';
import type { DocumentRenderer } from '../../documents/render-pool.ts';

// Decision 025: the signed authority PDF is rendered after the request that signs it, by a job
// or by its first download; its record, and so its URL, exist from the signing on.

const SIGNED_AUTHORITY = 'signed-authority';

/** What the PDF is rendered from: the document signed, and the signature by its stored bytes. */
interface SignedAuthorityInput {
  document: AuthorityDocument;
  signature: { sessionId: string; sha256: string };
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  companyName: string;
  /** The name typed to sign instead of drawing (issue 32); absent or null when drawn. */
  typedName?: string | null;
}

/** The signed authority as a file to save beside its signature (stored in the same call). */
export function signedAuthorityFile(
  sessionId: string,
  claimKind: ClaimKind,
  signed: {
    document: AuthorityDocument;
    signaturePng: Uint8Array;
    signedAt: Date;
    ip: string | null;
    userAgent: string | null;
    companyName: string;
    typedName?: string | null;
  },
): SaveFileInput {
  const input: SignedAuthorityInput = {
    document: signed.document,
    signature: { sessionId, sha256: sha256Hex(signed.signaturePng) },
    signedAt: signed.signedAt.toISOString(),
    ip: signed.ip,
    userAgent: signed.userAgent,
    companyName: signed.companyName,
    typedName: signed.typedName ?? null,
  };
  return {
    sessionId,
    claimKind,
    kind: 'authority',
    taxYear: null,
    bytes: { render: SIGNED_AUTHORITY, input },
    filename: 'signed-authority.pdf',
    contentType: 'application/pdf',
  };
}

/** Signed authorities render through `renderer` (a worker thread by default, decision 029). */
export function addSignedAuthorityRenderer(files: FilesService, renderer: DocumentRenderer): void {
  files.addRenderer(SIGNED_AUTHORITY, async (raw) => {
    const input = raw as SignedAuthorityInput;
    const signature = await files.readStored({ ...input.signature, kind: 'signature', taxYear: '' });
    if (signature === null) throw new Error('The signature of a signed authority is missing');
    return renderer.authority({
      document: input.document,
      evidence: {
        signaturePng: signature,
        signedAt: new Date(input.signedAt),
        ip: input.ip,
        userAgent: input.userAgent,
        typedName: input.typedName ?? null,
      },
      companyName: input.companyName,
    });
  });
}
