import path from 'node:path';
import { localRule } from './eslint-rule-tester.ts';

// The module-boundary rule of eslint.config.js (issue 46, decision 083), proved to fire when one
// server module reaches past another's index.ts.
const { rule, tester } = await localRule(
  'eslint-module-boundaries.mjs',
  'moduleBoundariesPlugin',
  'through-index',
);

const root = path.resolve('/repo/apps/server/src/modules');
const options = [{ root, open: ['shared'] }];
const at = (file: string) => path.join(root, file);

tester.run('modules/through-index', rule, {
  valid: [
    { filename: at('status/service.ts'), options, code: "import { x } from '../files/index.ts';" },
    { filename: at('status/service.ts'), options, code: "import { x } from './repository.ts';" },
    { filename: at('status/service.ts'), options, code: "import { x } from '../../db/database.ts';" },
    { filename: at('status/service.ts'), options, code: "import { x } from '../shared/claim-scope.ts';" },
    { filename: at('status/deep/x.test.ts'), options, code: "import { x } from '../../files/index.ts';" },
    { filename: at('status/service.ts'), options, code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: at('status/service.ts'),
      options,
      code: "import { fileUrl } from '../files/service.ts';",
      errors: [{ messageId: 'reachIn' }],
    },
    {
      filename: at('status/service.test.ts'),
      options,
      code: "import { createFilesService } from '../files/service.ts';",
      errors: [{ messageId: 'reachIn' }],
    },
    {
      filename: at('status/deep/x.ts'),
      options,
      code: "export { x } from '../../files/deep/index.ts';",
      errors: [{ messageId: 'reachIn' }],
    },
    {
      filename: at('status/service.ts'),
      options,
      code: "const m = () => import('../files/routes.ts');",
      errors: [{ messageId: 'reachIn' }],
    },
  ],
});
