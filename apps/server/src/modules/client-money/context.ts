import type { Kysely } from 'kysely';
import {
  receivedPenceOf,
  ukIsoDate,
  type ClaimStatus,
  type FeeSettings,
  type NominationAgent,
} from '@taxback/domain';
import type { CaseClientMoney, PayoutView } from '@taxback/domain/client-money-schemas';
import { decryptField } from '../../crypto/index.ts';
import type { DbDialect } from '../../db/connect.ts';
import type { ClaimKind, Database, Row } from '../../db/database.ts';
import type { ClaimNotices } from '../../jobs/notify-claimant.ts';
import type { ESignProvider } from '../../providers/esign/index.ts';
import type { AuditLog } from '../operators/index.ts';
import type { FilesService } from '../files/index.ts';
import type { ClaimOwnership } from '../shared/claim-access.ts';
import type { Found } from '../shared/found-claim.ts';
import { caseIdOf } from '../shared/found-claim.ts';
import { caseBalances, casePostings, currentBankDetails } from './repository.ts';

// D41 with D29 (issue 47): what every client-money operation shares: its dependencies, the lock
// that makes a case's postings take turns, and the claim page's panel each answers with.

/** The claim the claimant is signed in to on the status page. */
export interface NominatingClaim {
  kind: ClaimKind;
  id: string;
  sessionId: string;
  caseId: string;
  reference: string;
  status: ClaimStatus;
}

/** The nomination switch and the payout's working days (config.clientMoney). */
export interface ClientMoneySettings {
  nomination: boolean;
  payoutWorkingDays: number;
}

/** The e-signature provider and whom the nomination names; null when no nomination is configured. */
export interface NominationSettings {
  provider: ESignProvider;
  agent: NominationAgent;
}

export interface ClientMoneyDeps {
  db: Kysely<Database>;
  dialect: DbDialect;
  audit: AuditLog;
  fees: FeeSettings;
  clientMoney: ClientMoneySettings;
  dataKey: Buffer;
  /** Keys the hash of a signer's IP address in a nomination's audit trail. */
  signingKey: Buffer;
  /** D29: the e-signature provider and whom a nomination names (decision 076); absent: none offered. */
  nomination?: NominationSettings | null | undefined;
  files: FilesService;
  notices: ClaimNotices;
  now: () => Date;
  find: (id: string) => Promise<Found>;
  ownership: (found: Found) => Promise<ClaimOwnership>;
  /** The tax years a claim covers (the casework's claimScopeOf), which a nomination names. */
  taxYearsOf: (found: Found, today: Date) => string[];
}

/** Every posting of a case is written under this key's lock (PostgreSQL; SQLite writes one at a time). */
export const caseLockKey = (caseId: string) => `client-money:${caseId}`;

/** A payout row as the API shows it, with the masked account it goes (or went) to. */
export function payoutViewOf(
  row: Row<'payouts'>,
  bank: Pick<Row<'client_bank_details'>, 'sort_code_masked' | 'account_number_masked'> | null | undefined,
): PayoutView {
  return {
    id: row.id,
    caseId: row.case_id,
    claimId: row.case_id,
    reference: row.reference,
    amountPence: Number(row.amount_pence),
    dueOn: row.due_on,
    state: row.state,
    madeOn: row.made_on,
    account: bank ? { sortCode: bank.sort_code_masked, accountNumber: bank.account_number_masked } : null,
    version: Number(row.version),
  };
}

export function createClientMoneyContext(
  deps: ClientMoneyDeps,
  nominationRecords: (caseId: string) => Promise<CaseClientMoney['nominations']>,
) {
  const { db } = deps;
  const today = () => ukIsoDate(deps.now());

  /** The claim page's panel: the case's balances, postings, payouts and (masked) bank details. */
  async function panel(found: Found): Promise<CaseClientMoney> {
    const caseId = caseIdOf(found);
    const [balances, postings, bank, payouts] = [
      await caseBalances(db, caseId),
      await casePostings(db, caseId),
      await currentBankDetails(db, caseId),
      await db
        .selectFrom('payouts')
        .selectAll()
        .where('case_id', '=', caseId)
        .orderBy('created_at')
        .execute(),
    ];
    return {
      nomination: deps.clientMoney.nomination,
      balances: {
        receivedPence: receivedPenceOf(balances),
        feePence: balances['fee-income'],
        heldPence: balances.held,
        paidOutPence: balances['paid-out'],
        refundedPence: balances.refunded,
        writtenOffPence: balances['written-off'],
      },
      postings,
      payouts: payouts.map((p) => payoutViewOf(p, bank)),
      bankDetails: bank
        ? {
            sortCode: bank.sort_code_masked,
            accountNumber: bank.account_number_masked,
            accountName: decryptField(bank.account_name, deps.dataKey),
            version: Number(bank.version),
            signatureId: bank.signature_id,
            enteredBy: bank.entered_by,
            createdAt: bank.created_at,
          }
        : null,
      nominations: await nominationRecords(caseId),
    };
  }

  return { today, panel };
}
export type ClientMoneyContext = ReturnType<typeof createClientMoneyContext>;
