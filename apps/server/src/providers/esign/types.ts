// D29 (issue 47, decision 076): the advanced electronic signature of a nomination. A provider signs
// the nomination PDF for the claimant and answers with the signed PDF and its audit trail, which
// are stored with the claim. Adapters never throw for a vendor failure: they answer `ok: false`
// with a code (never a name or a document).

export type ESignProviderName = 'offline' | 'dropbox-sign';

/** One event of a signature's audit trail. No raw personal data beyond the signer's typed name. */
export interface ESignAuditEvent {
  at: string;
  event: string;
  [detail: string]: unknown;
}

export interface ESignAuditTrail {
  provider: ESignProviderName;
  signatureId: string;
  method: string;
  events: ESignAuditEvent[];
}

export interface ESignRequest {
  /** The unsigned nomination, drawn with the signer's typed name and the time (pdf-lib bytes). */
  document: Uint8Array;
  /** The case's reference: the provider's title for the request. */
  reference: string;
  signer: {
    /** The full name the claimant typed to sign. */
    typedName: string;
    /** Their email, for a vendor that identifies signers by it; the offline provider ignores it. */
    email: string | null;
  };
  /** The request's IP address, already hashed: a raw address never reaches a provider's trail. */
  ipHash: string;
  at: Date;
}

export type ESignResult =
  | { ok: true; signatureId: string; signedPdf: Uint8Array; auditTrail: ESignAuditTrail }
  /** The signer signs on the vendor's page; `collect` fetches the signed PDF afterwards. */
  | { ok: 'pending'; signatureId: string; signUrl: string }
  | { ok: false; code: string };

/** What a vendor's event callback says, once its hash is checked (decision 079). */
export type ESignEventRead =
  | {
      ok: true;
      /** signed: every signer signed; declined: a signer declined; other: acknowledged, nothing done. */
      kind: 'signed' | 'declined' | 'other';
      /** Our signature reference of the request it is about; null when it names none. */
      signatureId: string | null;
    }
  | { ok: false; code: 'not-offered' | 'malformed' | 'hash-wrong' };

export interface ESignProvider {
  readonly name: ESignProviderName;
  /** A vendor whose page the claimant signs on in an embedded window: what that window needs. */
  readonly embedded: { clientId: string; testMode: boolean } | null;
  /** Signs `request.document` (offline), or starts a vendor's signature request. */
  sign(request: ESignRequest): Promise<ESignResult>;
  /** A started request's signed PDF and audit trail once signed; 'pending' while it is not. */
  collect(signatureId: string): Promise<ESignResult>;
  /** A vendor's event callback (its JSON as sent), checked: 'not-offered' from the offline provider. */
  readEvent(json: string): ESignEventRead;
}
