// The import rules of DESIGN §3 as one lint rule: sibling folders (features, modules) stay apart, and lower layers
// never reach up. Only relative specifiers can cross folders inside an app (there are no path aliases), so resolving
// them against the importing file is enough; no module resolver, no file system.
import path from 'node:path';

/** `a/b/c.ts` under `root` → ['a', 'b', 'c.ts'], or null when the path is outside it. */
function partsUnder(root, file) {
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps sibling feature/module folders apart and shared layers below them (DESIGN §3).' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          siblings: { type: 'string' },
          allow: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'array', items: { type: 'string' } }, to: { type: 'array', items: { type: 'string' } } },
              required: ['from', 'to'],
              additionalProperties: false,
            },
          },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      sibling: "'{{from}}' may not import from '{{to}}': {{kind}} never import each other; move shared code to a shared folder.",
      layer: "'{{from}}/' may not import from '{{to}}/': shared code flows one way (DESIGN §3).",
    },
  },
  create(context) {
    const { root, siblings, allow = [], layers = [] } = context.options[0];
    const absRoot = path.resolve(context.cwd, root);
    const file = partsUnder(absRoot, path.resolve(context.cwd, context.filename));
    if (!file) return {};
    const allowed = new Set(allow.map(([a, b]) => `${a}→${b}`));

    function check(node, source) {
      const spec = source && typeof source.value === 'string' ? source.value : null;
      if (!spec || !spec.startsWith('.')) return;
      const target = partsUnder(absRoot, path.resolve(path.dirname(path.resolve(context.cwd, context.filename)), spec));
      if (!target) return;
      if (siblings && file[0] === siblings && target[0] === siblings && file.length > 2 && target.length > 1) {
        const [a, b] = [file[1], target[1]];
        if (a !== b && !allowed.has(`${a}→${b}`)) {
          context.report({ node, messageId: 'sibling', data: { from: `${siblings}/${a}`, to: `${siblings}/${b}`, kind: siblings } });
        }
        return;
      }
      for (const layer of layers) {
        if (layer.from.includes(file[0]) && layer.to.includes(target[0])) {
          context.report({ node, messageId: 'layer', data: { from: file[0], to: target[0] } });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { meta: { name: 'fence' }, rules: { boundaries } };
