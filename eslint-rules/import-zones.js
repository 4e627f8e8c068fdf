// The architecture's import boundaries (DESIGN §2, STYLE "Rules of thumb" 2) as one ESLint rule:
// every import is resolved to a folder of the repository and checked against zones
// `{ target, from, except?, message }` (paths relative to the repository root). No resolver
// plugin needed: relative specifiers are resolved against the importing file, and our workspace
// packages (`@app/<name>`) map to their folders.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Workspace package name → its folder (relative to the root). */
const WORKSPACE = {
  '@app/contract': 'packages/contract',
  '@app/robot': 'packages/robot',
  '@app/server': 'apps/server',
  '@app/web': 'apps/web',
  '@app/e2e': 'e2e',
  '@app/bench': 'bench',
};

function toPosix(path) {
  return path.split(sep).join('/');
}

/** `a/b` contains `a/b/c` and `a/b` itself, not `a/bc`. */
function within(path, folder) {
  return path === folder || path.startsWith(`${folder}/`);
}

/** Where an import specifier points, relative to the root; `null` for third-party packages. */
function resolveSpecifier(specifier, filename) {
  if (specifier.startsWith('.'))
    return toPosix(relative(root, resolve(dirname(filename), specifier)));
  for (const [name, folder] of Object.entries(WORKSPACE)) {
    if (specifier === name || specifier.startsWith(`${name}/`))
      return folder + specifier.slice(name.length);
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the architecture’s boundaries' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = toPosix(relative(root, context.filename));
    const zones = context.options[0].zones.filter((zone) => within(file, zone.target));
    if (zones.length === 0) return {};
    function check(node) {
      if (!node?.source || typeof node.source.value !== 'string') return;
      const target = resolveSpecifier(node.source.value, context.filename);
      if (target === null) return;
      for (const zone of zones) {
        if (!within(target, zone.from)) continue;
        if ((zone.except ?? []).some((folder) => within(target, folder))) continue;
        context.report({ node: node.source, message: zone.message });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-zones': importZones } };
