import type { Kysely } from 'kysely';
import {
  authorityInputOfGeneralClaim,
  claimableTaxYears,
  createEmptySnapshot,
  generalClaimReference,
  p87InputOfGeneralDetails,
  p87Readiness,
  type AuthorityTerms,
  type GeneralDetails,
} from '@taxback/domain';
import {
  completeDetails,
  createDetailsSaveSchema,
  detailsSignSchema,
} from '@taxback/domain/general-details-schemas';
import { fieldErrors, signedByOf } from '@taxback/domain/schemas';
import type { DetailsEvidence } from '@taxback/domain/api/responses';
import { isDetailsEvidenceSection } from '@taxback/domain/general-details-schemas';
import type { z } from 'zod';
import { encryptField, niNumberKey } from '../../crypto/index.ts';
import { personKeyOf } from '../../crypto/hash.ts';
import type { Database, Row } from '../../db/database.ts';
import { fromJsonText, nowIso } from '../../db/values.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { signedAuthorityFile } from '../authority/index.ts';
import { authorityOf } from '../authority/index.ts';
import type { FilesService, SavedFile } from '../files/index.ts';
import { signaturePngOf } from '../files/index.ts';

// D30: the details journey of a general (funnel) claim. Saved on the claim row (migration 020) in
// one statement, checked by the shared schemas against this server's clock; signing renders the
// authority showing the amounts (D19) and replaces the funnel's shorter one as the claim's signed
// document (its hash is the one the operator's "matches what was signed" check uses).

/** What form_responses.details holds. */
export interface StoredDetails {
  selectedExpenses: string[];
  details: GeneralDetails;
}

export function readStoredDetails(text: string | null): StoredDetails | null {
  const stored = fromJsonText<StoredDetails | null>(text, null);
  return stored && typeof stored === 'object' && stored.details ? stored : null;
}

/** Decision 052: a stored file as a receipt or proof of the details journey, or null for any other file. */
export function evidenceOf(file: SavedFile): DetailsEvidence | null {
  const section = file.expenseSection;
  if (file.kind !== 'evidence' || !isDetailsEvidenceSection(section)) return null;
  return {
    id: file.id,
    section,
    taxYear: file.taxYear ?? '',
    filename: file.filename,
    url: file.url,
    size: file.size,
  };
}

export const DETAILS_SIGNED_MESSAGE =
  'You have already signed these details. To change them, contact us and we will send you a new authority to sign.';
const NOT_READY_MESSAGE = 'Some answers HMRC needs are missing: go back and add them before you sign.';

function emptyDetails(today: Date): GeneralDetails {
  const s = createEmptySnapshot(claimableTaxYears(today));
  return {
    personalInfo: s.personalInfo,
    employments: [],
    taxYears: s.taxYears,
    scottishTaxpayer: '',
    expenses: {},
  };
}

export function createClaimDetailsService(deps: {
  db: Kysely<Database>;
  files: FilesService;
  terms: AuthorityTerms;
  dataKey: Buffer;
  /** Keys the NI number's hash, to find the same claimant's other claims by (migration 035). */
  signingKey: Buffer;
  now?: () => Date;
  /** Issue 45: counts the funnel's anonymous "details" (first save) and "signed" steps. */
  onFunnelStep?: (step: 'details' | 'signed') => void;
}) {
  const clock = deps.now ?? (() => new Date());
  const find = async (sessionId: string): Promise<Row<'form_responses'>> => {
    const row = await deps.db
      .selectFrom('form_responses')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return row;
  };
  const claimOf = (row: Row<'form_responses'>) => ({
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    selectedExpenses: fromJsonText<string[]>(row.selected_expenses, []),
  });

  return {
    async get(sessionId: string) {
      const row = await find(sessionId);
      const stored = readStoredDetails(row.details);
      return {
        reference: generalClaimReference(row),
        ...claimOf(row),
        details: stored?.details ?? null,
        hasNiNumber: row.details_ni_number !== null,
        detailsSignedAt: row.details_signed_at,
        claimableYears: claimableTaxYears(clock()).map((y) => y.year),
        evidence: (await deps.files.listFiles(sessionId, { kind: 'evidence' }))
          .map(evidenceOf)
          .filter((e): e is DetailsEvidence => e !== null),
      };
    },

    async save(sessionId: string, body: unknown): Promise<{ savedAt: string }> {
      const today = clock();
      const parsed = createDetailsSaveSchema(today).safeParse(body);
      if (!parsed.success) throw new ValidationError(fieldErrors(parsed));
      const row = await find(sessionId);
      if (row.details_signed_at !== null) throw new ConflictError(DETAILS_SIGNED_MESSAGE);
      const details = completeDetails(
        parsed.data,
        readStoredDetails(row.details)?.details ?? emptyDetails(today),
      );
      const stored: StoredDetails = { selectedExpenses: claimOf(row).selectedExpenses, details };
      const savedAt = nowIso(today);
      await deps.db
        .updateTable('form_responses')
        .set({ details: JSON.stringify(stored), updated_at: savedAt, last_action_at: savedAt })
        .where('id', '=', row.id)
        .where('details_signed_at', 'is', null)
        .execute();
      if (row.details === null) deps.onFunnelStep?.('details');
      return { savedAt };
    },

    async sign(input: {
      sessionId: string;
      body: z.output<typeof detailsSignSchema>;
      ipAddress: string | null;
      userAgent: string | null;
    }): Promise<{ signedAt: string; authorityUrl: string }> {
      const row = await find(input.sessionId);
      if (row.details_signed_at !== null) throw new ConflictError(DETAILS_SIGNED_MESSAGE);
      const stored = readStoredDetails(row.details);
      const claim = claimOf(row);
      // D17: the claim must hold every P87 answer (the NI number comes with this request).
      const missing = p87Readiness(p87InputOfGeneralDetails(stored?.details ?? null, claim, true)).filter(
        (i) => !i.field.startsWith('selfAssessment.'),
      );
      if (!stored || missing.length > 0) throw new ValidationError({ details: NOT_READY_MESSAGE });
      const png = signaturePngOf(input.body.signature, 'Signature is required');
      const signedBy = signedByOf(input.body);
      const signedAtDate = clock();
      const signedAt = nowIso(signedAtDate);
      const { document, hash } = authorityOf(
        authorityInputOfGeneralClaim(claim, deps.terms, signedAt, stored.details),
      );
      const ua = input.userAgent?.slice(0, 500) ?? null;
      const signed = await deps.files.saveFilesWith(
        [
          {
            sessionId: input.sessionId,
            claimKind: 'general',
            kind: 'signature',
            bytes: png,
            filename: 'signature.png',
            contentType: 'image/png',
          },
          signedAuthorityFile(input.sessionId, 'general', {
            document,
            signaturePng: png,
            signedAt: signedAtDate,
            ip: input.ipAddress,
            userAgent: ua,
            companyName: deps.terms.agent.companyName,
            typedName: signedBy.typedName,
          }),
        ],
        async (trx, [file, pdf]) => {
          if (!file || !pdf) throw new Error('Stored file record vanished');
          const updated = await trx
            .updateTable('form_responses')
            .set({
              signature: file.url,
              signature_file_id: file.id,
              // Beside the claim form's own (signature_method), not over it (decision 058).
              details_signature_method: signedBy.method,
              details_typed_name: signedBy.typedName,
              signed_content_hash: hash,
              authority_terms: JSON.stringify(deps.terms),
              signed_at: signedAt,
              details_ni_number: encryptField(input.body.niNumber, deps.dataKey),
              ni_key: niNumberKey(input.body.niNumber, deps.signingKey),
              // D38: the person, to find the same claimant's other claims by (migration 035).
              person_key: personKeyOf({
                firstName: stored.details.personalInfo.firstName || row.first_name,
                lastName: stored.details.personalInfo.lastName || row.last_name,
                dateOfBirth: stored.details.personalInfo.dateOfBirth,
                postcode: stored.details.personalInfo.postcode,
              }),
              details_signed_at: signedAt,
              updated_at: signedAt,
              last_action_at: signedAt,
            })
            .where('id', '=', row.id)
            .where('details_signed_at', 'is', null)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError(DETAILS_SIGNED_MESSAGE);
          return { signedAt, authorityUrl: pdf.url };
        },
      );
      deps.onFunnelStep?.('signed');
      return signed;
    },
  };
}

export type ClaimDetailsService = ReturnType<typeof createClaimDetailsService>;
