// The health thread (decision 046) as it runs from source, under tsx and vitest: worker threads on
// Node 20 do not take tsx as an --import flag, so this plain module loads the TypeScript worker
// through tsx's API. The compiled server loads http/health-worker.js.
import { tsImport } from 'tsx/esm/api';

await tsImport('./health-worker.ts', import.meta.url);
