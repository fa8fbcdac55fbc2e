import type { Migration, MigrationProvider } from 'kysely';
import * as initialSchema from './001-initial-schema.ts';
import * as snapshotVersion from './002-snapshot-version.ts';
import * as operatorBackOffice from './003-operator-back-office.ts';
import * as signedAuthority from './004-signed-authority.ts';
import * as callBackRequests from './005-call-back-requests.ts';
import * as claimantEstimate from './006-claimant-estimate.ts';
import * as resumeAttemptsThrottled from './007-resume-attempts-throttled.ts';
import * as duplicateKeys from './008-duplicate-keys.ts';
import * as checkedOn from './009-checked-on.ts';
import * as appendOnlyAudit from './010-append-only-audit.ts';
import * as jobs from './011-jobs.ts';
import * as emailOutbox from './012-email-outbox.ts';
import * as statusCodes from './013-status-codes.ts';
import * as deferredFiles from './014-deferred-files.ts';
import * as caseworkColumns from './015-casework-columns.ts';
import * as claimFieldEdits from './018-claim-field-edits.ts';
import * as signatureMethod from './023-signature-method.ts';
import * as generalClaimDetails from './020-general-claim-details.ts';
import * as expenseEvidence from './029-expense-evidence.ts';
import * as draftTotals from './016-draft-totals.ts';
import * as queues from './019-queues.ts';
import * as claimThreads from './017-claim-threads.ts';
import * as queueIndexes from './026-queue-indexes.ts';
import * as generalReferences from './031-general-references.ts';
import * as detailsSignatureColumns from './032-details-signature-columns.ts';
import * as idempotencyKeys from './033-idempotency-keys.ts';
import * as cases from './034-cases.ts';
import * as personKeys from './035-person-keys.ts';
import * as yearAnswers from './036-year-answers.ts';
import * as duplicateDismissals from './037-duplicate-dismissals.ts';
import * as retentionIndexes from './038-retention-indexes.ts';
import * as searchTrigrams from './039-search-trigrams.ts';
import * as listSortIndexes from './040-list-sort-indexes.ts';
import * as funnelSteps from './041-funnel-steps.ts';
import * as caseWorkflow from './042-case-workflow.ts';
import * as invoices from './043-invoices.ts';
import * as clientMoney from './044-client-money.ts';
import * as nominations from './045-nominations.ts';
import * as invoiceTaxCode from './046-invoice-tax-code.ts';
import * as cardCheckouts from './047-card-checkouts.ts';
import * as nominationRequests from './048-nomination-requests.ts';
import * as sqliteSearch from './050-sqlite-search.ts';
import * as dashboardDaily from './051-dashboard-daily.ts';
import * as auditByEntityId from './052-audit-by-entity-id.ts';
import * as queueCountIndexes from './053-queue-count-indexes.ts';
import * as searchLookupIndexes from './054-search-lookup-indexes.ts';
import * as affiliateDaily from './055-affiliate-daily.ts';
import * as latestYearAnswers from './056-latest-year-answers.ts';
import * as waitingIndex from './057-waiting-index.ts';
import * as searchStatistics from './058-search-statistics.ts';
import * as answersDaily from './059-answers-daily.ts';
import * as dashboardDays from './060-dashboard-days.ts';

// Listed in code rather than globbed from disk, so the set of migrations is fixed at build time
// and works the same under tsx, bundlers and tests. Add new ones at the end; never edit a shipped one.
const MIGRATIONS: Record<string, Migration> = {
  '001-initial-schema': initialSchema,
  '002-snapshot-version': snapshotVersion,
  '003-operator-back-office': operatorBackOffice,
  '004-signed-authority': signedAuthority,
  '005-call-back-requests': callBackRequests,
  '006-claimant-estimate': claimantEstimate,
  '007-resume-attempts-throttled': resumeAttemptsThrottled,
  '008-duplicate-keys': duplicateKeys,
  '009-checked-on': checkedOn,
  '010-append-only-audit': appendOnlyAudit,
  '011-jobs': jobs,
  '012-email-outbox': emailOutbox,
  '013-status-codes': statusCodes,
  '014-deferred-files': deferredFiles,
  '015-casework-columns': caseworkColumns,
  '018-claim-field-edits': claimFieldEdits,
  '023-signature-method': signatureMethod,
  '020-general-claim-details': generalClaimDetails,
  '016-draft-totals': draftTotals,
  '019-queues': queues,
  '017-claim-threads': claimThreads,
  '026-queue-indexes': queueIndexes,
  '029-expense-evidence': expenseEvidence,
  '031-general-references': generalReferences,
  '032-details-signature-columns': detailsSignatureColumns,
  '033-idempotency-keys': idempotencyKeys,
  '034-cases': cases,
  '035-person-keys': personKeys,
  '036-year-answers': yearAnswers,
  '037-duplicate-dismissals': duplicateDismissals,
  '038-retention-indexes': retentionIndexes,
  '039-search-trigrams': searchTrigrams,
  '040-list-sort-indexes': listSortIndexes,
  '041-funnel-steps': funnelSteps,
  '042-case-workflow': caseWorkflow,
  '043-invoices': invoices,
  '044-client-money': clientMoney,
  '045-nominations': nominations,
  '046-invoice-tax-code': invoiceTaxCode,
  '047-card-checkouts': cardCheckouts,
  '048-nomination-requests': nominationRequests,
  '050-sqlite-search': sqliteSearch,
  '051-dashboard-daily': dashboardDaily,
  '052-audit-by-entity-id': auditByEntityId,
  '053-queue-count-indexes': queueCountIndexes,
  '054-search-lookup-indexes': searchLookupIndexes,
  '055-affiliate-daily': affiliateDaily,
  '056-latest-year-answers': latestYearAnswers,
  '057-waiting-index': waitingIndex,
  '058-search-statistics': searchStatistics,
  '059-answers-daily': answersDaily,
  '060-dashboard-days': dashboardDays,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
