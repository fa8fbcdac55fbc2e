// The document worker (decision 029) as it runs from source, under tsx and vitest: worker threads
// on Node 20 do not take tsx as an --import flag, so this plain module loads the TypeScript worker
// through tsx's API and hands on its tasks. The compiled server loads documents/render-worker.js.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./render-worker.ts', import.meta.url);

export const renderAuthority = worker.renderAuthority;
export const renderMileageLog = worker.renderMileageLog;
export const renderWorksheet = worker.renderWorksheet;
export const renderInvoice = worker.renderInvoice;
export const renderThreadId = worker.renderThreadId;
