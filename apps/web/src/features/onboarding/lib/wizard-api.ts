// The wizard's calls to our API, one module per job: progress-api.ts (load, save, resume code),
// lookup-api.ts (address, distance), files-api.ts (uploads), submission-api.ts (mileage log,
// signature, submission). The session id travels in a header (D5).
export {
  type LoadResult,
  fetchProgress,
  saveProgress,
  saveStepProgress,
  type ResumeCodeResult,
  requestResumeCode,
} from './progress-api.ts';
export {
  type DeliveryPoint,
  type AddressLookup,
  ADDRESS_MESSAGES,
  type AddressOutcome,
  lookupAddress,
  DISTANCE_ERRORS,
  type DistanceOutcome,
  calculateDistance,
} from './lookup-api.ts';
export {
  EVIDENCE_EXTENSIONS,
  P60_EXTENSIONS,
  FILE_MESSAGES,
  checkUpload,
  type UploadResult,
  type UploadOptions,
  uploadFile,
  deleteFile,
} from './files-api.ts';
export {
  type CallResult,
  MILEAGE_LOG_FAILED,
  SIGNATURE_FAILED,
  SUBMIT_FAILED,
  generateMileageLog,
  saveSignature,
  type SubmitAnswer,
  submitClaim,
} from './submission-api.ts';
export { MAX_UPLOAD_BYTES, type UploadKind, downloadFile } from './files-api.ts';
