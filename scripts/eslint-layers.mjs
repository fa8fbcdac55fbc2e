import path from 'node:path';

/**
 * A local ESLint rule, `layers/one-way`: inside one app's source folder, imports flow one way, from
 * a higher layer down to a lower one, never back (decision 035). It resolves each relative import
 * against the importing file, so it sees where an import lands whatever its depth.
 *
 * Options: `{ root, layers, isolated }`:
 * - `root`: the folder the layers live in (relative to the working directory);
 * - `layers`: lowest first, each `{ name, entries }` where an entry is a folder or file name
 *   directly under `root`; a file in layer i may import layers 0..i, never a later one;
 * - `isolated`: names of layers whose sub-folders are islands (web features): one may import
 *   another only through a sub-folder named `shared`.
 * A file under `root` that no layer names is itself an error, so a new folder must be placed.
 */
const oneWay = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way through the layers of an app: no back-arrows.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, entries: { type: 'array', items: { type: 'string' } } },
              required: ['name', 'entries'],
            },
          },
          isolated: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      backArrow:
        "'{{from}}' may not import '{{to}}': imports flow {{order}}. Move the shared code down a layer.",
      crossing:
        "'{{from}}' may not import '{{to}}': one {{layer}} folder imports another only through its 'shared' folder.",
      unplaced: "'{{file}}' is in no layer: name its folder in the layers of eslint.config.js.",
    },
  },
  create(context) {
    const { root, layers, isolated = [] } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const file = context.filename;
    const place = (absolute) => {
      const rel = path.relative(rootDir, absolute);
      if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
      const [entry, sub] = rel.split(path.sep);
      const index = layers.findIndex((layer) => layer.entries.includes(entry));
      return { rel: rel.split(path.sep).join('/'), index, sub: index >= 0 ? sub : undefined };
    };
    const from = place(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(file), source));
      if (!to || to.index < 0) return;
      if (to.index > from.index) {
        context.report({
          node,
          messageId: 'backArrow',
          data: {
            from: from.rel,
            to: to.rel,
            order: layers.map((layer) => layer.name).join(' → '),
          },
        });
      } else if (
        to.index === from.index &&
        isolated.includes(layers[from.index].name) &&
        to.sub !== from.sub &&
        to.sub !== 'shared'
      ) {
        context.report({
          node,
          messageId: 'crossing',
          data: { from: from.rel, to: to.rel, layer: layers[from.index].name },
        });
      }
    };
    const sourceOf = (node) =>
      node.source && node.source.type === 'Literal' ? node.source.value : undefined;
    return {
      Program(node) {
        if (from.index < 0) context.report({ node, messageId: 'unplaced', data: { file: from.rel } });
      },
      ImportDeclaration: (node) => check(node, sourceOf(node)),
      ExportNamedDeclaration: (node) => check(node, sourceOf(node)),
      ExportAllDeclaration: (node) => check(node, sourceOf(node)),
      ImportExpression: (node) => check(node, sourceOf(node)),
    };
  },
};

export const layersPlugin = { meta: { name: 'layers' }, rules: { 'one-way': oneWay } };
