import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  authorityInputOfGeneralClaim,
  generalClaimReference,
  newClaimReference,
  normaliseUkPhone,
  wfhClaimable,
} from '@taxback/domain';
import { MESSAGES, signedByOf } from '@taxback/domain/schemas';
import type { AuthorityTerms } from '@taxback/domain';
import type { ClaimSubmission } from '@taxback/domain/schemas';
import type { Database, Row } from '../../db/database.ts';
import { fromJsonText, nowIso, toJsonText } from '../../db/values.ts';
import { ValidationError } from '../../errors.ts';
import { signedAuthorityFile } from '../authority/index.ts';
import { authorityOf } from '../authority/index.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { FilesService } from '../files/index.ts';
import { signaturePngOf } from '../files/index.ts';
import { createClaimsRepository } from './repository.ts';

const SIGNATURE_REQUIRED = 'Signature is required';

export interface ClaimResult {
  id: string;
  /** 'TB 4K7 9MX 2QH' (decision 053), or GEN- for a claim made before. */
  reference: string;
  signatureUrl: string | null;
  /** D19: the signed authority PDF's app URL. */
  authorityUrl: string | null;
  created: boolean;
}

export interface ClaimView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  selectedExpenses: string[];
  affiliateName: string | null;
  utmData: Record<string, string> | null;
  fullUrl: string | null;
  signatureUrl: string | null;
  createdAt: string;
}

class AlreadySubmitted extends Error {}

export function toClaimView(row: Row<'form_responses'>): ClaimView {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    selectedExpenses: fromJsonText<string[]>(row.selected_expenses, []),
    affiliateName: row.affiliate_name,
    utmData: fromJsonText<Record<string, string> | null>(row.utm_data, null),
    fullUrl: row.full_url,
    signatureUrl: row.signature,
    createdAt: row.created_at,
  };
}

/** The general tax-refund claim (form_responses): one per session, signed evidence per D15. */
export function createClaimsService(deps: {
  db: Kysely<Database>;
  files: FilesService;
  terms: AuthorityTerms;
  notices: ClaimNotices;
  /** The clock (tests move it); the moment of signing when a request gives none. */
  now?: () => Date;
}) {
  const repo = createClaimsRepository(deps.db);
  const clock = deps.now ?? (() => new Date());

  async function existingResult(row: Row<'form_responses'>): Promise<ClaimResult> {
    const authority = (await deps.files.listFiles(row.session_id, { kind: 'authority' })).at(-1);
    return {
      id: row.id,
      reference: generalClaimReference(row),
      signatureUrl: row.signature,
      authorityUrl: authority?.url ?? null,
      created: false,
    };
  }

  /**
   * Decision 053: a new reference no claim of either kind has (mileage claims draw from the same
   * space); the column is unique too, so a clash in a race fails the insert instead of sharing one.
   */
  async function unusedReference(): Promise<string> {
    for (;;) {
      const reference = newClaimReference();
      const [general, mileage] = await Promise.all([
        deps.db
          .selectFrom('form_responses')
          .select('id')
          .where('reference', '=', reference)
          .executeTakeFirst(),
        deps.db
          .selectFrom('onboarding_claims')
          .select('id')
          .where('submission_reference', '=', reference)
          .executeTakeFirst(),
      ]);
      if (!general && !mileage) return reference;
    }
  }

  return {
    async submitClaim(input: {
      sessionId: string;
      claim: ClaimSubmission;
      ipAddress: string | null;
      userAgent: string | null;
      now?: Date;
    }): Promise<ClaimResult> {
      const { sessionId, claim } = input;
      const existing = await repo.findBySession(sessionId);
      if (existing) return await existingResult(existing);

      const signedAt = input.now ?? clock();
      // D21, D28: working from home only for years up to 2025/26. The schema refuses it for years
      // given after that; a claim without years is for the years claimable today (decision 037).
      if (
        claim.selectedExpenses.includes('wfh') &&
        !wfhClaimable({ taxYears: claim.taxYears, today: signedAt })
      )
        throw new ValidationError({ selectedExpenses: MESSAGES.wfhNotClaimable });
      const png = signaturePngOf(claim.signature, SIGNATURE_REQUIRED);
      // Issue 32: drawn, or the name typed instead (the PNG is then the browser's drawing of it).
      const signedBy = signedByOf(claim);
      const now = nowIso(signedAt);
      const id = randomUUID();
      const reference = await unusedReference();
      const terms = deps.terms;
      // D19: the shorter authority the claim form showed, signed and stored as a PDF with the claim.
      // The PDF is rendered after this request (decision 025); its URL works from now on.
      const { document, hash } = authorityOf(authorityInputOfGeneralClaim(claim, terms, now));
      const assessment = claim.assessmentData;

      try {
        return await deps.files.saveFilesWith(
          [
            {
              sessionId,
              claimKind: 'general',
              kind: 'signature',
              bytes: png,
              filename: 'signature.png',
              contentType: 'image/png',
            },
            signedAuthorityFile(sessionId, 'general', {
              document,
              signaturePng: png,
              signedAt,
              ip: input.ipAddress,
              userAgent: input.userAgent?.slice(0, 500) ?? null,
              companyName: terms.agent.companyName,
              typedName: signedBy.typedName,
            }),
          ],
          async (trx, [file, pdf]) => {
            if (!file || !pdf) throw new Error('Stored file record vanished');
            const inserted = await repo.insertIfAbsent(
              {
                id,
                reference,
                session_id: sessionId,
                first_name: claim.firstName,
                last_name: claim.lastName,
                full_name: `${claim.firstName} ${claim.lastName}`,
                email: claim.email,
                phone: claim.phone,
                phone_key: normaliseUkPhone(claim.phone),
                signature: file.url,
                signature_file_id: file.id,
                signature_method: signedBy.method,
                signature_typed_name: signedBy.typedName,
                selected_expenses: JSON.stringify(claim.selectedExpenses),
                earns_over_18k: 1,
                affiliate_name: claim.affiliateName ?? null,
                utm_data: toJsonText(claim.utmData ?? null),
                full_url: claim.fullUrl ?? null,
                ip_address: input.ipAddress,
                user_agent: input.userAgent?.slice(0, 500) ?? null,
                assessment_data: JSON.stringify({
                  qualifies: 'yes',
                  timestamp: assessment?.timestamp ?? now,
                  step: 'form_completed',
                  lastUpdated: now,
                  ...(claim.taxYears && claim.taxYears.length > 0 ? { taxYears: claim.taxYears } : {}),
                }),
                signed_content_hash: hash,
                authority_terms: JSON.stringify(terms),
                signed_at: now,
                created_at: now,
                updated_at: now,
              },
              trx,
            );
            // Another request for this session won the race: undo ours (file record included).
            if (inserted === null) throw new AlreadySubmitted();
            await deps.notices.received(trx, 'general', inserted);
            return { id: inserted, reference, signatureUrl: file.url, authorityUrl: pdf.url, created: true };
          },
        );
      } catch (error) {
        if (!(error instanceof AlreadySubmitted)) throw error;
        const winner = await repo.findBySession(sessionId);
        if (!winner) throw new Error('Claim conflict without a stored claim');
        return await existingResult(winner);
      }
    },

    async findMine(sessionId: string): Promise<ClaimView | null> {
      const row = await repo.findBySession(sessionId);
      return row ? toClaimView(row) : null;
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
