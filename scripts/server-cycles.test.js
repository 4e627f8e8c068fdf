import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// `import-x/no-cycle` (eslint.config.js) skips type imports, so a loop made of `import type`
// lines never shows in the lint. This test reads every import of the server, type imports and
// dynamic imports included (TypeScript's own pre-processor), and finds the loops: the only ones
// allowed are inside one folder (a folder's files may type each other), never across folders,
// where a loop means a floor points up.
const root = resolve(import.meta.dirname, '..');
const SERVER = 'apps/server/src';

/** Every TypeScript file of the server (tests and helpers included) → the files it imports. */
function importGraph() {
  const files = readdirSync(resolve(root, SERVER), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${SERVER}/${f.split('\\').join('/')}`);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(
      readFileSync(resolve(root, file), 'utf8'),
      true,
      true,
    );
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) =>
        relative(root, resolve(root, dirname(file), name))
          .split('\\')
          .join('/'),
      )
      .filter((target) => known.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan). */
function loops(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the server’s import graph, type imports included', () => {
  it('finds a loop across folders (the check itself)', () => {
    const graph = new Map([
      ['plugins/context.ts', ['modules/a/a.ts']],
      ['modules/a/a.ts', ['lib/x.ts']],
      ['lib/x.ts', ['plugins/context.ts']],
      ['robot/y.ts', ['robot/z.ts']],
      ['robot/z.ts', ['robot/y.ts']],
    ]);
    expect(loops(graph)).toEqual([
      ['lib/x.ts', 'modules/a/a.ts', 'plugins/context.ts'],
      ['robot/y.ts', 'robot/z.ts'],
    ]);
  });

  it('has no loop but inside one folder', () => {
    const across = loops(importGraph()).filter(
      (component) => new Set(component.map((file) => dirname(file))).size > 1,
    );
    expect(across).toEqual([]);
  });
});
