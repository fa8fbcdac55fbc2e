import type { Kysely } from 'kysely';

// D41 with D29 (issue 47): with a nomination HMRC pays us, and the claimant's money is client money
// in a double-entry ledger (decision 075).
//   ledger_postings      one balanced set of entries: its kind (receipt | fee | payout | refund |
//                        write-off), the case, the UK day it was posted and who posted it;
//                        idempotency_key unique, so a retried request or a race posts it once
//   ledger_entries       the posting's entries: an account (hmrc | held | fee-income | paid-out |
//                        refunded | written-off) and pence into (+) or out of (-) it; a posting's
//                        entries add up to zero
//   client_bank_details  the case's bank account for payouts, one row per version: sort code,
//                        account number and name encrypted with the field key (DATA_KEY), their
//                        masked forms for display, the nomination signature it was given under
//                        (unique per case: a change needs a new signature), who entered it and when
//   payouts              what is owed to the claimant from one receipt (receipt_posting_id unique:
//                        one payout per receipt, so the same money is never due twice): amount,
//                        due date (working days after receipt), state due | made, the Bacs
//                        reference, the bank details' version paid to, the payout's posting

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('posted_on', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_postings_case')
    .on('ledger_postings')
    .columns(['case_id', 'created_at'])
    .execute();
  await db.schema.createIndex('ledger_postings_day').on('ledger_postings').columns(['posted_on']).execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('posting_id', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('pence', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_posting')
    .on('ledger_entries')
    .columns(['posting_id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_case')
    .on('ledger_entries')
    .columns(['case_id', 'account'])
    .execute();

  await db.schema
    .createTable('client_bank_details')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('sort_code', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('sort_code_masked', 'text', (c) => c.notNull())
    .addColumn('account_number_masked', 'text', (c) => c.notNull())
    .addColumn('signature_id', 'text', (c) => c.notNull())
    .addColumn('entered_by', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('client_bank_details_case_version', ['case_id', 'version'])
    .addUniqueConstraint('client_bank_details_case_signature', ['case_id', 'signature_id'])
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('receipt_posting_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('bank_details_version', 'integer')
    .addColumn('payout_posting_id', 'text')
    .addColumn('made_on', 'text')
    .addColumn('made_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payouts_due').on('payouts').columns(['due_on', 'state']).execute();
  await db.schema.createIndex('payouts_case').on('payouts').columns(['case_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('client_bank_details').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_postings').execute();
}
