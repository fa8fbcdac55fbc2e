import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { InvoiceState, LedgerAccount, PaymentMethod, PayoutState, PostingKind } from '@taxback/domain';

/*
 * The whole schema as Kysely sees it. Portable across SQLite and PostgreSQL (docs/decisions/002):
 * ids are text UUIDs, JSON is text (repositories (de)serialise), booleans are integers 0/1 and
 * timestamps are ISO-8601 text in UTC. Columns named *_json in comments hold JSON text.
 */

/** A boolean stored as 0/1. */
export type IntBool = number;
/** ISO-8601 UTC timestamp text, e.g. 2025-06-01T12:00:00.000Z. */
export type IsoTime = string;
/** JSON document stored as text. */
export type JsonText = string;
/** Column with a database default: optional on insert. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** The operator workflow's columns (D22), the same on both kinds of claim. */
export interface ClaimWorkflowColumns {
  created_at: IsoTime;
  updated_at: IsoTime;
  /** Bumped on every status change, so a change made on a stale copy fails. */
  version: WithDefault<number>;
  /** HMRC's repayment, our fee (incl. VAT) and what the claimant receives, in pence (D20). */
  repaid_pence: number | null;
  fee_pence: number | null;
  claimant_pence: number | null;
  status_changed_at: IsoTime | null;
  /** Migration 015 (issues 28, 29): the last operator or claimant action, for the queues. */
  last_action_at: IsoTime | null;
  /** UK date (YYYY-MM-DD) the open information request is due; null when none is open. */
  reply_due_on: string | null;
  /** When the claimant answered an information request; null once an operator acts on it. */
  reply_received_at: IsoTime | null;
  /** Claimant messages no operator has read yet. */
  operator_unread_count: WithDefault<number>;
  /** Signed authorities replaced by a later one (an amendment, D32). */
  superseded_authorities: WithDefault<number>;
  /** Migration 019 (issue 29, D34): the operator who owns the claim; null in the unallocated pool. */
  owner_id: string | null;
  /**
   * Migration 042 (D38): 1 when the claim joined a case and follows the case's workflow (status
   * and owner are its case's first claim's); 0 when it is worked on its own.
   */
  follows_case: WithDefault<number>;
  allocated_at: IsoTime | null;
  /** D35: the sending to HMRC (UK date, 'post' | 'other', how when other, tracking reference). */
  sent_on: string | null;
  sent_method: string | null;
  sent_method_other: string | null;
  sent_tracking: string | null;
  /** D35: the UK date HMRC repaid. */
  repaid_on: string | null;
}

export interface FormResponsesTable extends ClaimWorkflowColumns {
  id: string;
  session_id: string;
  /** Issue 42 (migration 034): the claim's case; NULL means a case of its own. */
  case_id: string | null;
  /** Issue 42 (migration 034): JSON list of its years that are Self Assessment across the case. */
  case_self_assessment: JsonText | null;
  /** D38 (migration 035): SHA-256 of the names, date of birth and postcode; NULL until all known. */
  person_key: string | null;
  /** Migration 035: the keyed hash of the NI number the details were signed with (as 008's). */
  ni_key: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string;
  /** The phone number in E.164, to find possible duplicates (migration 008). */
  phone_key: string | null;
  /** App URL of the private signature PNG: /api/files/{id}. */
  signature: string | null;
  signature_file_id: string | null;
  /** JSON: ExpenseId[] */
  selected_expenses: JsonText;
  earns_over_18k: IntBool;
  affiliate_name: string | null;
  /** JSON: Record<utm key, string> */
  utm_data: JsonText | null;
  full_url: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** JSON: { qualifies, timestamp, step, lastUpdated } */
  assessment_data: JsonText | null;
  /** D15: sha256 hex of canonical JSON of the signed fields. */
  signed_content_hash: string | null;
  signed_at: IsoTime | null;
  /** JSON: AuthorityTerms, the company and fee the claimant signed (D19). */
  authority_terms: JsonText | null;
  status: WithDefault<string>;
  /** JSON: StoredDetails, the details journey's answers (migration 020, D30). */
  details: JsonText | null;
  /** The NI number from the details journey, encrypted (migration 020). */
  details_ni_number: string | null;
  details_signed_at: IsoTime | null;
  /** 'TB 4K7 9MX 2QH' for claims made since migration 031; NULL before (their GEN- reference is read from the id). */
  reference: string | null;
  /** The claim form's signature: 'drawn' or 'typed' (migration 031); NULL for claims signed before, all drawn. */
  signature_method: string | null;
  signature_typed_name: string | null;
  /**
   * The details journey's signature: 'drawn' or 'typed' (migration 032, decision 058); NULL until
   * the details are signed (and for details signed before, whose method went to signature_method).
   */
  details_signature_method: string | null;
  details_typed_name: string | null;
}

export interface OnboardingClaimsTable extends ClaimWorkflowColumns {
  id: string;
  session_id: string;
  /** Issue 42 (migration 034): the funnel claim's case it was started from; NULL, its own. */
  case_id: string | null;
  /** D38 (migration 035): SHA-256 of the names, date of birth and postcode; NULL until submitted. */
  person_key: string | null;
  drives_for_work: string | null;
  company_vehicle_vrm: string | null;
  employment_type: string | null;
  employer_name: string | null;
  business_name: string | null;
  utr_number: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  mobile_number: string | null;
  home_address: string | null;
  postcode: string | null;
  affiliate_name: string | null;
  /** JSON: Record<utm key, string> */
  utm_data: JsonText | null;
  full_url: string | null;
  ip_address: string | null;
  user_agent: string | null;
  current_step: number | null;
  last_step_completed: number | null;
  last_activity_at: IsoTime | null;
  vehicle_type: WithDefault<string>;
  /** JSON: { year, selected }[] */
  selected_tax_years: JsonText | null;
  /** JSON: Record<taxYear, { miles, companyName }> */
  mileage_data: JsonText | null;
  total_hmrc_allowance: number | null;
  estimated_rebate_20_percent: number | null;
  estimated_rebate_40_percent: number | null;
  /** D21: the estimate the claimant saw, at their band and Scottish or not (migration 006). */
  estimated_rebate_claimant: number | null;
  /** Pence per mile. */
  employer_mileage_rate: number | null;
  /** JSON: Record<taxYear, { id, filename, url, type, size }[]> */
  evidence_files: JsonText | null;
  /** NI number encrypted with encryptField (v1:…); never plain text. */
  admin_ni_number: string | null;
  /** HMAC of the NI number, to find possible duplicates without decrypting (migration 008). */
  ni_key: string | null;
  /** UK date (YYYY-MM-DD) of the save that last validated the answers (migration 009). */
  checked_on: string | null;
  /** The snapshot's totals (RebateSummary) as JSON text, written with it (migration 016). */
  totals: JsonText | null;
  p60_file_url: string | null;
  p60_filename: string | null;
  /** Kept NULL: the signature PNG is a private stored file (signature_url), not an inline data URL. */
  signature_data: string | null;
  signature_url: string | null;
  consent_accuracy: IntBool | null;
  consent_authorization: IntBool | null;
  consent_terms: IntBool | null;
  /** JSON: Journey[] */
  journey_patterns: JsonText | null;
  status: WithDefault<string>;
  submission_reference: string | null;
  submitted_at: IsoTime | null;
  /** Legacy column from SPEC §3, unused: resume codes live (hashed) in resume_codes. */
  resume_token: string | null;
  /** Optimistic-concurrency counter for PUT /api/onboarding (D10). */
  revision: WithDefault<number>;
  /** JSON: the full WizardSnapshot last saved. */
  snapshot: JsonText | null;
  /** WIZARD_SNAPSHOT_VERSION of the schema that wrote `snapshot` (null: before versions). */
  snapshot_version: number | null;
  signed_content_hash: string | null;
  signed_at: IsoTime | null;
  /** JSON: AuthorityTerms, the company and fee the claimant signed (D19). */
  authority_terms: JsonText | null;
  signed_ip: string | null;
  signed_user_agent: string | null;
  self_assessment_required: IntBool | null;
  /** 'drawn' or 'typed' (issue 32, migration 023); NULL: signed before, drawn. */
  signature_method: string | null;
  /** The name as typed when signature_method is 'typed' (migration 023). */
  signature_typed_name: string | null;
  /** Migration 019: the P87 items still missing (D17), kept on write; null: read the snapshot. */
  readiness_missing: number | null;
}

export type StoredFileKind =
  | 'signature'
  | 'evidence'
  | 'p60'
  | 'mileage-log'
  | 'authority'
  | 'reply'
  /** D29 (migration 045): a signed nomination's PDF and its e-signature audit trail (JSON). */
  | 'nomination'
  | 'nomination-audit';
export type ClaimKind = 'general' | 'onboarding';

export interface StoredFilesTable {
  id: string;
  session_id: string;
  claim_kind: ClaimKind;
  kind: StoredFileKind;
  /** '' when the file belongs to no tax year (NULLs are distinct in UNIQUE, '' is not). */
  tax_year: string;
  /** Random key in the file store; never derived from user input. */
  storage_key: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  /** Migration 029: the funnel claim's expense a receipt or proof is for (decision 052); else null. */
  expense_section: string | null;
  created_at: IsoTime;
  /**
   * Decision 025: the renderer and inputs of a file whose bytes are not stored yet (size 0 and a
   * placeholder sha256 until then); null once they are.
   */
  render_input: string | null;
}

export interface ResumeCodesTable {
  id: string;
  /** HMAC-SHA256 (SIGNING_KEY) of the uppercased code. */
  code_hash: string;
  session_id: string;
  /** HMAC-SHA256 of the E.164 phone number the code was sent to. */
  phone_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

export interface ResumeAttemptsTable {
  id: string;
  ip_hash: string;
  succeeded: IntBool;
  /** 1 when the per-IP throttle refused the attempt before its code was checked (issue 17). */
  throttled: Generated<IntBool>;
  created_at: IsoTime;
}

/** How an outbox row was (or was not) delivered; the same for texts and emails. */
export interface OutboxDelivery {
  provider: string;
  /** queued → sent | failed */
  status: string;
  provider_message_id: string | null;
  error: string | null;
  created_at: IsoTime;
  sent_at: IsoTime | null;
}

/** Migration 017: the claim a text or email was about, where it was about one. */
export interface OutboxClaim {
  claim_kind: ClaimKind | null;
  claim_id: string | null;
}

export interface SmsOutboxTable extends OutboxDelivery, OutboxClaim {
  id: string;
  to_phone: string;
  template: string;
  body: string;
}

export interface EmailOutboxTable extends OutboxDelivery, OutboxClaim {
  id: string;
  to_email: string;
  template: string;
  subject: string;
  body_text: string;
  body_html: string;
}

export interface StatusCodesTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  /** HMAC-SHA256 of the code. */
  code_hash: string;
  /** HMAC-SHA256 of the E.164 number the code was sent to. */
  phone_hash: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

export interface StatusAttemptsTable {
  id: string;
  ip_hash: string;
  succeeded: IntBool;
  throttled: IntBool;
  created_at: IsoTime;
}

export interface OperatorUsersTable {
  id: string;
  email: string;
  /** scrypt hash from crypto/password.ts */
  password_hash: string;
  name: string;
  created_at: IsoTime;
  last_login_at: IsoTime | null;
  /** 'caseworker' | 'admin' (admins manage operators). */
  role: WithDefault<string>;
  disabled_at: IsoTime | null;
  /** Base32 TOTP secret encrypted with encryptField (v1:…); null until enrolled. */
  totp_secret: string | null;
  totp_enrolled_at: IsoTime | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  failed_sign_ins: WithDefault<number>;
  locked_until: IsoTime | null;
}

export interface OperatorSessionsTable {
  /** SHA-256 hex of the cookie token. */
  id: string;
  operator_id: string;
  /** Synchronizer token sent back in X-CSRF-Token on every change. */
  csrf_token: string;
  /** 'second-factor' until the TOTP code (or enrolment) is done, then 'active'. */
  stage: string;
  /** During enrolment: the new secret, encrypted, until a code confirms it. */
  pending_totp_secret: string | null;
  created_at: IsoTime;
  last_seen_at: IsoTime;
  /** created_at + 12 hours. */
  expires_at: IsoTime;
}

export interface ClaimStatusHistoryTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  from_status: string;
  to_status: string;
  /** The claim's version after this change. */
  version: number;
  reason: string | null;
  operator_id: string;
  created_at: IsoTime;
}

/** Migration 018 (D32): one answer an operator completed or corrected, with its old and new value. */
export interface ClaimFieldEditsTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  /** An EditField of the domain's claim-edit-schemas. */
  field: string;
  employment_id: string | null;
  /** What the change was called when made, e.g. 'Employer PAYE reference (employment 1)'. */
  label: string;
  /** JSON text of the answer before and after; an NI number encrypted (v1:…), never plain. */
  old_value: JsonText | null;
  new_value: JsonText | null;
  reason: string;
  operator_id: string;
  /** The claim's version after this change. */
  version: number;
  created_at: IsoTime;
}

/** D35: every value of a claim's sent and repaid records, the first and each correction. */
export interface ClaimHmrcRecordsTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  record: 'sent' | 'repaid';
  /** JSON: the record's values. */
  value: JsonText;
  /** Null for the first value; a correction's reason otherwise. */
  reason: string | null;
  operator_id: string;
  created_at: IsoTime;
}

/** D40 (migration 036): every version of HMRC's answer for a year of a case, never changed. */
export interface CaseYearAnswersTable {
  id: string;
  /** The case's id: its first claim's id (migration 034). */
  case_id: string;
  year: string;
  version: number;
  decision: 'accepted' | 'reduced' | 'refused' | 'self-assessment';
  pence: number | null;
  given_as: 'repayment' | 'tax-code' | null;
  decided_on: string;
  hmrc_reason: string;
  /** NULL for the first version; an admin's reason for each correction. */
  correction_reason: string | null;
  /** NULL for a version folded by migration 036 from a single-year claim's repaid record. */
  operator_id: string | null;
  created_at: IsoTime;
}

/** D41 (migration 043): the invoice numbers' one-row counter (id 1). */
export interface InvoiceNumbersTable {
  id: number;
  last_number: number;
}

/** D41 (migration 043): one invoice per case, in pence; `version` guards every change. */
export interface InvoicesTable {
  id: string;
  number: number;
  /** The case's id: its first claim's id (migration 034); unique. */
  case_id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  /** The claim's reference as the invoice prints it. */
  reference: string;
  repaid_pence: number;
  /** Tax-code relief the fee was charged on too (migration 046); 0 unless charged. */
  tax_code_pence: Generated<number>;
  fee_pence: number;
  vat_pence: number;
  total_pence: number;
  fee_basis_points: number;
  vat_basis_points: number;
  paid_pence: number;
  issued_on: string;
  due_on: string;
  state: InvoiceState;
  state_reason: string | null;
  version: number;
  operator_id: string;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** D41 (migration 043): a payment an operator recorded against an invoice. */
export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  amount_pence: number;
  paid_on: string;
  method: PaymentMethod;
  operator_id: string;
  created_at: IsoTime;
}

/** D41 (migration 047, decision 078): a card checkout a claimant started on the case's invoice. */
export interface CardCheckoutsTable {
  id: string;
  invoice_id: string;
  /** The invoice's version when the checkout was started (one is reused only at the same version). */
  invoice_version: number;
  provider: string;
  /** The provider's session id (Stripe's cs_…); unique. */
  provider_session_id: string;
  amount_pence: number;
  currency: string;
  checkout_url: string;
  expires_at: IsoTime | null;
  state: 'open' | 'paid' | 'refused';
  /** Why a paid notice was not recorded (amount, currency, the invoice no longer owing it). */
  refusal: string | null;
  /** The provider's notice that closed it; unique. */
  event_id: string | null;
  created_at: IsoTime;
  closed_at: IsoTime | null;
}

/** D41 (migration 044): a balanced set of ledger entries; idempotency_key unique. */
export interface LedgerPostingsTable {
  id: string;
  idempotency_key: string;
  /** The case's id: its first claim's id (migration 034). */
  case_id: string;
  kind: PostingKind;
  /** The posting's size: the pence it moves. */
  amount_pence: number;
  /** The UK day it was posted (the reconciliation's period). */
  posted_on: string;
  operator_id: string;
  created_at: IsoTime;
}

/** D41 (migration 044): one entry of a posting: pence into (+) or out of (-) an account. */
export interface LedgerEntriesTable {
  id: string;
  posting_id: string;
  case_id: string;
  account: LedgerAccount;
  pence: number;
}

/** D29 (migration 044): a case's bank account for payouts, one row per version, encrypted. */
/** D29 (migration 045): a nomination signed through the e-signature provider. */
export interface NominationsTable {
  id: string;
  case_id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  signature_id: string;
  provider: string;
  document_file_id: string;
  audit_file_id: string;
  signed_at: IsoTime;
  created_at: IsoTime;
}

/** D29 (migration 048): a nomination started at a vendor's signing page, until it is signed. */
export interface NominationRequestsTable {
  id: string;
  case_id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  session_id: string;
  reference: string;
  signature_id: string;
  provider: string;
  state: 'pending' | 'signed' | 'declined';
  created_at: IsoTime;
  checked_at: IsoTime | null;
  closed_at: IsoTime | null;
}

export interface ClientBankDetailsTable {
  id: string;
  case_id: string;
  version: number;
  /** encryptField of the digits, never shown; the masked forms are. */
  sort_code: string;
  account_number: string;
  account_name: string;
  sort_code_masked: string;
  account_number_masked: string;
  /** The nomination signature these details were given under; unique per case. */
  signature_id: string;
  entered_by: 'claimant' | 'operator';
  operator_id: string | null;
  created_at: IsoTime;
}

/** D41 (migration 044): the claimant's share of one receipt, due and then made. */
export interface PayoutsTable {
  id: string;
  case_id: string;
  receipt_posting_id: string;
  amount_pence: number;
  due_on: string;
  state: PayoutState;
  reference: string;
  bank_details_version: number | null;
  payout_posting_id: string | null;
  made_on: string | null;
  made_at: IsoTime | null;
  version: number;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** D38 (migration 037): a pair of claims an admin marked not duplicates (claim_a < claim_b). */
export interface DuplicateDismissalsTable {
  id: string;
  claim_a: string;
  claim_b: string;
  reason: string;
  operator_id: string;
  created_at: IsoTime;
}

export interface ClaimNotesTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  operator_id: string;
  body: string;
  created_at: IsoTime;
}

/** Migration 017 (D33): a claim's thread, only ever added to. */
export interface ClaimMessagesTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  author: 'operator' | 'claimant';
  operator_id: string | null;
  body: string;
  /** The information request this message answered or made, if any. */
  request_id: string | null;
  /** JSON array of stored_files ids attached. */
  file_ids: JsonText;
  created_at: IsoTime;
  /** Issue 44 (migration 033): the claimant's draft key; unique per claim, NULL otherwise. */
  idempotency_key: string | null;
}

export interface InformationRequestsTable {
  id: string;
  claim_kind: ClaimKind;
  claim_id: string;
  operator_id: string;
  /** UK date YYYY-MM-DD. */
  reply_by: string;
  /** open → answered | closed */
  status: string;
  created_at: IsoTime;
  answered_at: IsoTime | null;
}

export interface InformationRequestItemsTable {
  id: string;
  request_id: string;
  position: number;
  kind: string;
  question: string | null;
  document: string | null;
  tax_year: string | null;
  employment_id: string | null;
  answer: string | null;
  /** JSON array of stored_files ids the claimant sent with the answer. */
  file_ids: JsonText;
}

export interface AuditEventsTable {
  id: string;
  /** Operator id or 'system'. */
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  /** JSON detail (no personal data beyond what the operator already sees). */
  detail: JsonText | null;
  created_at: IsoTime;
}

/** D27: a call back about Self Assessment, asked for with consent; deleted once called or purged. */
export interface CallBackRequestsTable {
  id: string;
  name: string;
  phone: string;
  topic: string;
  created_at: string;
}

/** Decision 022: one durable job (an SMS, an email, a purge run). */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON; never personal data beyond what the job must deliver (a message's recipient). */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  /** The error's name or code only, never its message (it may quote personal data). */
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Decision 022: when a scheduled job next runs; moved forward by the instance that runs it. */
export interface JobSchedulesTable {
  name: string;
  next_run_at: string;
}

/** Issue 45 (migration 041): how many times a funnel step was reached on a UK day; no personal data. */
export interface FunnelStepsTable {
  /** UK date, 'YYYY-MM-DD'. */
  day: string;
  /** A FunnelStep of the domain's dashboard module. */
  step: string;
  count: number;
}

/**
 * Issue 45 (migration 060, decisions 085 and 096): the dashboard's per-claim figures per UK day and
 * ISO week, kept by triggers on the claim tables. See the migration for each column.
 */
export interface DashboardDaysTable {
  /** 'made' | 'open' | 'sent' | 'repaid' | 'wait'. */
  measure: string;
  /** 'YYYY-MM-DD': the Monday of the day's ISO week. */
  week: string;
  /** 'YYYY-MM-DD': the UK day made ('made', 'open'), sent_on ('sent') or repaid_on ('repaid', 'wait'). */
  day: string;
  kind: string;
  /** '' for claims with no affiliate. */
  affiliate: string;
  /** The open status ('open'), else ''. */
  status: string;
  /** 'wait': days from the UK day made to the day repaid, else 0. */
  wait_days: number;
  claims: number | string;
  repaid_pence: number | string;
  fee_pence: number | string;
  claimant_pence: number | string;
}

/** Migration 055 (decision 091): the affiliate report's figures per UTC day started, kept by triggers. */
export interface AffiliateDailyTable {
  /** 'YYYY-MM-DD': the UTC day the claim was started (created_at). */
  day: string;
  /** 'general' | 'mileage'. */
  kind: string;
  /** '' for claims with no affiliate. */
  affiliate: string;
  status: string;
  claims: number | string;
  /** The claimant's estimate (pounds) of submitted mileage claims; 0 for drafts and general claims. */
  estimated: number;
  repaid_pence: number | string;
}

/** Migration 056 (decision 091): each case year's latest answer (D40), kept by a trigger. */
export interface CaseYearLatestTable {
  case_id: string;
  year: string;
  version: number;
  decided_on: string;
  decision: string;
}

/** Migration 059 (decision 094): each case year's latest answer under every filter that shows it. */
export interface AnswerScopesTable {
  case_id: string;
  year: string;
  /** 'all' | 'kind' | 'affiliate' | 'both': which of kind and affiliate the row is counted by. */
  scope: string;
  /** 'general' | 'mileage', or '' when the scope leaves kind out. */
  kind: string;
  /** The affiliate ('' for none), or '' when the scope leaves it out. */
  affiliate: string;
  day: string;
  decision: string;
}

/** Migration 059 (decision 094): answer_scopes counted per scope, kind, affiliate, day and decision. */
export interface AnswersDailyTable {
  scope: string;
  kind: string;
  affiliate: string;
  day: string;
  decision: string;
  answers: number | string;
}

export interface Database {
  form_responses: FormResponsesTable;
  onboarding_claims: OnboardingClaimsTable;
  stored_files: StoredFilesTable;
  resume_codes: ResumeCodesTable;
  resume_attempts: ResumeAttemptsTable;
  sms_outbox: SmsOutboxTable;
  email_outbox: EmailOutboxTable;
  status_codes: StatusCodesTable;
  status_attempts: StatusAttemptsTable;
  operator_users: OperatorUsersTable;
  audit_events: AuditEventsTable;
  operator_sessions: OperatorSessionsTable;
  claim_status_history: ClaimStatusHistoryTable;
  claim_notes: ClaimNotesTable;
  claim_field_edits: ClaimFieldEditsTable;
  claim_hmrc_records: ClaimHmrcRecordsTable;
  case_year_answers: CaseYearAnswersTable;
  duplicate_dismissals: DuplicateDismissalsTable;
  claim_messages: ClaimMessagesTable;
  information_requests: InformationRequestsTable;
  information_request_items: InformationRequestItemsTable;
  call_back_requests: CallBackRequestsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  funnel_steps: FunnelStepsTable;
  dashboard_days: DashboardDaysTable;
  affiliate_daily: AffiliateDailyTable;
  case_year_latest: CaseYearLatestTable;
  answer_scopes: AnswerScopesTable;
  answers_daily: AnswersDailyTable;
  invoice_numbers: InvoiceNumbersTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
  card_checkouts: CardCheckoutsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_entries: LedgerEntriesTable;
  client_bank_details: ClientBankDetailsTable;
  nominations: NominationsTable;
  nomination_requests: NominationRequestsTable;
  payouts: PayoutsTable;
}

/** A row of table T as read, as inserted, and as a partial update (Kysely's three views of it). */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;

/**
 * A fixed list of table T's columns, checked against T when compiled: what a prepared query
 * selects, inserts or sets (decision 009). `columnsOf<'stored_files'>()('id', 'size')`.
 */
export const columnsOf =
  <T extends keyof Database>() =>
  <const C extends readonly (keyof Row<T> & string)[]>(...columns: C): C =>
    columns;

/** A row as read, holding just the columns of `list` (made by `columnsOf`). */
export type RowColumns<T extends keyof Database, L extends readonly (keyof Row<T>)[]> = Pick<
  Row<T>,
  L[number]
>;
