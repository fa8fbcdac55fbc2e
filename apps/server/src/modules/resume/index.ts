// Resuming a saved claim: what other modules use of it.

export type { ResumeService } from './service.ts';
