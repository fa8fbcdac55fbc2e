import path from 'node:path';
import { localRule } from './eslint-rule-tester.ts';

// The layering rule of eslint.config.js (decision 035), proved to fire on a back-arrow.
const { rule, tester } = await localRule('eslint-layers.mjs', 'layersPlugin', 'one-way');

const root = path.resolve('/repo/apps/web/src');
const options = [
  {
    root,
    layers: [
      { name: 'shared', entries: ['components', 'lib'] },
      { name: 'features', entries: ['features'] },
      { name: 'app', entries: ['app', 'main.tsx'] },
    ],
    isolated: ['features'],
  },
];
const at = (file: string) => path.join(root, file);

tester.run('layers/one-way', rule, {
  valid: [
    { filename: at('app/router.tsx'), options, code: "import { paths } from '../lib/paths.ts';" },
    {
      filename: at('app/router.tsx'),
      options,
      code: "const m = () => import('../features/admin/admin-app.tsx');",
    },
    {
      filename: at('features/admin/claim-page.tsx'),
      options,
      code: "import { Select } from '../../components/ui/select.tsx';",
    },
    {
      filename: at('features/admin/claim-page.tsx'),
      options,
      code: "import { x } from './claims-page.tsx';",
    },
    { filename: at('features/admin/claim-page.tsx'), options, code: "import { x } from '../shared/x.ts';" },
    { filename: at('lib/paths.ts'), options, code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: at('lib/api.ts'),
      options,
      code: "import { paths } from '../app/paths.ts';",
      errors: [{ messageId: 'backArrow' }],
    },
    {
      filename: at('components/ui/footer.tsx'),
      options,
      code: "export { AdminApp } from '../../features/admin/admin-app.tsx';",
      errors: [{ messageId: 'backArrow' }],
    },
    {
      filename: at('features/admin/admin-app.tsx'),
      options,
      code: "import { PageLoading } from '../../app/page-loading.tsx';",
      errors: [{ messageId: 'backArrow' }],
    },
    {
      filename: at('features/funnel/hooks/use-x.ts'),
      options,
      code: "const m = import('../../../app/router.tsx');",
      errors: [{ messageId: 'backArrow' }],
    },
    {
      filename: at('features/funnel/landing-page.tsx'),
      options,
      code: "import { StatusPage } from '../status/status-page.tsx';",
      errors: [{ messageId: 'crossing' }],
    },
    {
      filename: at('elsewhere/x.ts'),
      options,
      code: 'export const x = 1;',
      errors: [{ messageId: 'unplaced' }],
    },
  ],
});
