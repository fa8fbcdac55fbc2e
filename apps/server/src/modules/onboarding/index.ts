// The claimant's journey to a submitted claim: what other modules use of it (the claim's columns,
// its files and the check of an upload's type).

export { readSnapshot, snapshotColumns } from './claim-columns.ts';
export {
  caseDetailsOf,
  filesOfEvidenceColumn,
  leftOutMilesErrorsOfEvidence,
  logMismatchesOfFiles,
  mileageCaseSelfAssessment,
  mileageReadiness,
  storeCaseSelfAssessment,
} from './claim-files.ts';
export { FILE_TYPE_MESSAGES, sniffUploadType } from './file-type-check.ts';
