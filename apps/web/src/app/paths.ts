// TODO(lead): remove once the wire branch lands. The onboarding steps (rewritten on that branch)
// still import the route table from here; every other file imports lib/paths.ts.
export { paths } from '../lib/paths.ts';
