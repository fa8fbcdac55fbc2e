import path from 'node:path';

/**
 * A local ESLint rule, `modules/through-index`: a server module is reached by the others only
 * through its `index.ts` (issue 46, decision 083). A file inside `modules/<a>/` may import a file of
 * another module `modules/<b>/` only as `modules/<b>/index.ts`; what `index.ts` exports is what the
 * module offers, the rest is its own. It resolves each relative import against the importing file,
 * so it sees where an import lands whatever its depth.
 *
 * Options: `{ root, open }`:
 * - `root`: the folder the modules live in (relative to the working directory);
 * - `open`: names of folders under `root` that every module may import any file of (`shared`).
 * Files directly under `root` belong to no module and are not checked.
 */
const throughIndex = {
  meta: {
    type: 'problem',
    docs: { description: 'One server module imports another only through its index.ts.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          open: { type: 'array', items: { type: 'string' } },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      reachIn:
        "'{{from}}' may not import '{{to}}': another module is reached only through its index, '{{index}}'. Export what is needed there (or move shared code to a lower layer).",
    },
  },
  create(context) {
    const { root, open = [] } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const file = context.filename;
    const place = (absolute) => {
      const rel = path.relative(rootDir, absolute);
      if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
      const parts = rel.split(path.sep);
      return { rel: parts.join('/'), module: parts.length > 1 ? parts[0] : null, inner: parts.slice(1) };
    };
    const from = place(file);
    if (!from || !from.module) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(file), source));
      if (!to || !to.module || to.module === from.module || open.includes(to.module)) return;
      if (to.inner.length === 1 && to.inner[0] === 'index.ts') return;
      context.report({
        node,
        messageId: 'reachIn',
        data: { from: from.rel, to: to.rel, index: `${to.module}/index.ts` },
      });
    };
    const sourceOf = (node) =>
      node.source && node.source.type === 'Literal' ? node.source.value : undefined;
    return {
      ImportDeclaration: (node) => check(node, sourceOf(node)),
      ExportNamedDeclaration: (node) => check(node, sourceOf(node)),
      ExportAllDeclaration: (node) => check(node, sourceOf(node)),
      ImportExpression: (node) => check(node, sourceOf(node)),
    };
  },
};

export const moduleBoundariesPlugin = {
  meta: { name: 'modules' },
  rules: { 'through-index': throughIndex },
};
