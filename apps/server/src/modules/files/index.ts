// The stored files (decision 029): what other modules use of them. service.ts saves and opens
// files, routes.ts serves them, read-upload.ts reads one multipart upload, signature-image.ts
// turns a drawn signature into an image.

export {
  fileUrl,
  type FilesService,
  type SaveFileInput,
  type SavedFile,
  type StagedUpload,
} from './service.ts';
export { readSingleUpload } from './read-upload.ts';
export { sendStoredFile } from './routes.ts';
export { signaturePngOf } from './signature-image.ts';
