// `npm run typecheck`: `tsc --noEmit` for every workspace that has a tsconfig.json. Our
// projects are not composite, so there is no root tsconfig for `tsc -b`; the list comes from
// package.json's workspaces, so a new workspace is checked the day it is added.
// `--list` prints the projects instead of checking them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { must, root } from './lib.mjs';

/** Workspaces (paths relative to the root) that TypeScript checks. */
export function typeProjects() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces.filter((ws) => existsSync(join(root, ws, 'tsconfig.json')));
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  if (process.argv.includes('--list')) console.log(typeProjects().join('\n'));
  else for (const project of typeProjects()) await must('npx', ['tsc', '-p', project, '--noEmit']);
}
