// D29 with D41 (issue 47, decision 076): the nomination of HMRC's repayment to us, signed by the
// claimant through an advanced electronic signature. Its words (our own, not HMRC's form), when it
// is offered and the messages the status page shows. Browser-safe and without zod: the schemas are
// in nomination-schemas.ts.
import type { ClaimStatus } from './claim-status.ts';

export const NOMINATION_MESSAGES = {
  fullNameRequired: 'Enter your full name to sign the nomination',
  fullNameTooLong: 'Your full name must be 100 characters or fewer',
  consentRequired: 'Tick the box to confirm you nominate us to receive HMRC’s repayment',
  notOffered: 'There is no nomination to sign on this claim',
  signFirst: 'Sign the nomination before you give your bank details',
  signAgain: 'Your bank details can only change with a new signature: sign the nomination again first',
  providerFailed: 'We could not sign the nomination just now. Please try again in a few minutes.',
  // Decision 079: signing at Dropbox Sign's page.
  signsHere: 'This nomination is signed on this page, not at a signing provider',
  signsAtProvider: 'Sign the nomination in Dropbox Sign’s window on this page',
  waiting: 'We are waiting for Dropbox Sign to confirm your signature. This page updates by itself.',
  waitingLong:
    'Dropbox Sign has not confirmed your signature yet. Check again in a minute, or sign again below if you closed its window before signing.',
  embeddedFailed: 'We could not open Dropbox Sign’s signing window. Please try again in a few minutes.',
  eventHashWrong: 'The event’s hash is missing or wrong: nothing was stored.',
  notConfigured: 'Signing at Dropbox Sign is not configured.',
} as const;

/** What our Dropbox Sign event webhook answers, as Dropbox Sign requires (decision 079). */
export const DROPBOX_SIGN_ACKNOWLEDGEMENT = 'Hello API Event Received';

/** The longest typed name a nomination takes. */
export const NOMINATION_NAME_MAX_LENGTH = 100;

/** Our side of the nomination: who the claimant nominates (D29: configured, or none is offered). */
export interface NominationAgent {
  name: string;
  address: string;
  hmrcAgentReference: string;
}

export interface NominationFacts {
  claimantName: string;
  reference: string;
  taxYears: readonly string[];
  agent: NominationAgent;
}

/** Tax years as people read them: "2023/24, 2024/25 and 2025/26". */
export function taxYearList(years: readonly string[]): string {
  const sorted = [...years].sort();
  if (sorted.length <= 1) return sorted[0] ?? 'the tax years of this claim';
  return `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1) ?? ''}`;
}

/** The nomination's title, as the PDF and the status page head it. */
export const NOMINATION_TITLE = 'Nomination to receive your tax repayment';

/**
 * The nomination's paragraphs, in our own words: who nominates whom, for which claim and years, and
 * what it means. The PDF draws them and the status page shows them before the claimant signs.
 */
export function nominationParagraphs(facts: NominationFacts): string[] {
  const { agent } = facts;
  const address = agent.address.replace(/\s*\n\s*/g, ', ');
  return [
    `I, ${facts.claimantName}, nominate ${agent.name} (HMRC agent reference ${agent.hmrcAgentReference}), of ${address}, to receive on my behalf any repayment of Income Tax that HMRC makes on my claim ${facts.reference} for the tax years ${taxYearList(facts.taxYears)}.`,
    `I ask HMRC to pay that repayment to ${agent.name} instead of to me. ${agent.name} will keep its fee, as set out in the terms I agreed to, and pay the rest to the bank account I give it.`,
    'This nomination does not change what HMRC decides or how much it repays. HMRC has not seen or endorsed our terms or our fee. Anyone can claim directly from HMRC for free.',
    'I can withdraw this nomination by telling HMRC or us before HMRC makes the repayment.',
  ];
}

const CLOSED: readonly ClaimStatus[] = ['rejected', 'withdrawn', 'needs-self-assessment'];

/**
 * D29: a nomination is offered when one is configured and the case may still get a repayment from
 * HMRC: the claim is not closed, and HMRC has either not answered yet or repaid something (relief
 * only through the tax code sends HMRC no money to nominate).
 */
export function nominationOffered(input: {
  configured: boolean;
  status: ClaimStatus;
  hmrcRepaidPence: number | null;
}): boolean {
  if (!input.configured || CLOSED.includes(input.status)) return false;
  return input.hmrcRepaidPence === null || input.hmrcRepaidPence > 0;
}
