import type { SignatureMethod } from '@taxback/domain/schemas';

/**
 * What the claimant signed with: a drawing, or their name typed (then both are set). `method` is
 * the one chosen even before anything is drawn or typed, so a form can say which is missing.
 */
export interface SignatureValue {
  method: SignatureMethod;
  dataUrl: string | null;
  typedName: string | null;
}

/** Nothing signed yet, drawing (the default). */
export const NO_SIGNATURE: SignatureValue = { method: 'drawn', dataUrl: null, typedName: null };

/**
 * A form's messages with the signature's under the one key `signature`, as the field shows them:
 * the typed name's before the image's (a blank typed name leaves no image either, and one message
 * is enough for one field).
 */
export function foldSignatureErrors(errors: Record<string, string>): Record<string, string> {
  const message = errors.typedName ?? errors.signatureMethod ?? errors.signature;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'typedName' || key === 'signatureMethod' || key === 'signature') {
      if (message !== undefined && out.signature === undefined) out.signature = message;
    } else out[key] = value;
  }
  return out;
}
