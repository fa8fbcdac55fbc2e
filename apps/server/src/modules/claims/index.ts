// A claim's stored details: what other modules read of them.

export { readStoredDetails } from './details.ts';
