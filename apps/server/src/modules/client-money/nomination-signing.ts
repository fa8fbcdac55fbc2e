import { NOMINATION_MESSAGES, type NominationAgent, type NominationFacts } from '@taxback/domain';
import type { NominationSignInput, NominationSigning } from '@taxback/domain/nomination-schemas';
import { hmacSha256Hex } from '../../crypto/index.ts';
import { nowIso } from '../../db/values.ts';
import { drawNominationPdf } from '../../documents/nomination-pdf.ts';
import { ConflictError, ServiceUnavailableError } from '../../errors.ts';
import { SAVE_OPTIONS } from '../../pdf/text.ts';
import type { ClientMoneyDeps, NominatingClaim, NominationSettings } from './context.ts';
import type { NominationRequests } from './nomination-requests.ts';
import { storeSignedNomination } from './nomination-store.ts';

// D29 (issue 47, decisions 076 and 079): the claimant signs the nomination we draw, through the
// e-signature provider: the offline one signs at once on the status page; Dropbox Sign starts a
// request the claimant signs in its embedded window, kept pending until it is collected.

export function createNominationSigning(
  deps: ClientMoneyDeps,
  settings: NominationSettings | null,
  claimant: {
    offered: (claim: NominatingClaim) => Promise<boolean>;
    factsOf: (
      claim: NominatingClaim,
      agent: NominationAgent,
    ) => Promise<{ facts: NominationFacts; email: string | null }>;
  },
  requests: NominationRequests,
) {
  /** Draws the nomination with the typed name and hands it to the provider. */
  async function toProvider(claim: NominatingClaim, input: NominationSignInput, request: { ip: string }) {
    if (!settings || !(await claimant.offered(claim)))
      throw new ConflictError(NOMINATION_MESSAGES.notOffered);
    const at = deps.now();
    const { facts, email } = await claimant.factsOf(claim, settings.agent);
    const drawn = await drawNominationPdf({ ...facts, signerTypedName: input.fullName, signedAt: at });
    const result = await settings.provider.sign({
      document: await drawn.save(SAVE_OPTIONS),
      reference: claim.reference,
      signer: { typedName: input.fullName, email },
      // Hashed with our key and cut short: the trail can tell requests apart, never name an address.
      ipHash: hmacSha256Hex(deps.signingKey, `nomination-ip:${request.ip}`).slice(0, 16),
      at,
    });
    return { result, at: nowIso(at), provider: settings.provider };
  }

  return {
    /** Signs the nomination on the page (offline); answers its new signature reference. */
    async sign(
      claim: NominatingClaim,
      input: NominationSignInput,
      request: { ip: string },
    ): Promise<{ signatureId: string; signedAt: string }> {
      if (settings?.provider.embedded) throw new ConflictError(NOMINATION_MESSAGES.signsAtProvider);
      const { result, at, provider } = await toProvider(claim, input, request);
      if (result.ok !== true) throw new ServiceUnavailableError(NOMINATION_MESSAGES.providerFailed);
      await storeSignedNomination(deps, { claim, signed: result, provider: provider.name, signedAt: at });
      return { signatureId: result.signatureId, signedAt: at };
    },

    /** Starts the signature request at the vendor, kept pending; answers its embedded signing page. */
    async startSigning(
      claim: NominatingClaim,
      input: NominationSignInput,
      request: { ip: string },
    ): Promise<NominationSigning> {
      if (settings && !settings.provider.embedded) throw new ConflictError(NOMINATION_MESSAGES.signsHere);
      const { result, at, provider } = await toProvider(claim, input, request);
      if (result.ok !== 'pending' || !provider.embedded)
        throw new ServiceUnavailableError(NOMINATION_MESSAGES.providerFailed);
      await requests.start(claim, result.signatureId, at);
      return { signUrl: result.signUrl, ...provider.embedded };
    },
  };
}
