import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

const root = resolve(import.meta.dirname, '..');
const withZones = config.find((entry) => entry.plugins?.architecture);

/** The messages the project's import-zone rule gives for `code` written in file `path`. */
function zoneErrors(path, code) {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: withZones.plugins,
        rules: { 'architecture/import-zones': withZones.rules['architecture/import-zones'] },
      },
    ],
    { filename: resolve(root, path) },
  );
  return messages.map((m) => m.message);
}

describe('architecture import zones (eslint.config.js)', () => {
  it('refuses a feature importing another feature', () => {
    expect(
      zoneErrors(
        'apps/web/src/features/bots-manager/components/x.tsx',
        "import { BOTS_MENU } from '../../bots/bots-menu.ts';",
      ),
    ).toEqual(['A feature never imports another feature: compose them in app/routes.tsx.']);
  });

  it('lets a feature import itself, shared components, the contract and libraries', () => {
    expect(
      zoneErrors(
        'apps/web/src/features/bots/components/bots-page.tsx',
        [
          "import { BOTS_MENU } from '../bots-menu.ts';",
          "import { LinkMenu } from '../../../components/cards/link-menu.tsx';",
          "import { endpoints } from '@app/contract';",
          "import { Box } from '@mui/material';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets the route table compose features', () => {
    expect(
      zoneErrors('apps/web/src/app/routes.tsx', "import { A } from '../features/bots/x.tsx';"),
    ).toEqual([]);
  });

  it('refuses packages importing apps, by path or by package name', () => {
    expect(
      zoneErrors(
        'packages/contract/src/x.ts',
        "import { api } from '../../../apps/web/src/lib/api.ts';",
      ),
    ).toContain('Packages never import apps.');
    expect(zoneErrors('packages/robot/src/x.ts', "export * from '@app/server';")).toContain(
      'Packages never import apps.',
    );
  });

  it('refuses the contract importing the robot, allows the robot importing the contract', () => {
    expect(zoneErrors('packages/contract/src/x.ts', "import '@app/robot';")).toEqual([
      'The contract imports nothing of ours.',
    ]);
    expect(
      zoneErrors('packages/robot/src/x.ts', "import type { Strategy } from '@app/contract';"),
    ).toEqual([]);
  });

  it('refuses the server importing the panel, also through a dynamic import', () => {
    expect(
      zoneErrors('apps/server/src/x.ts', "await import('../../web/src/i18n/index.ts');"),
    ).toEqual(['The server never imports the panel.']);
  });
});

describe('the server’s layers (eslint.config.js)', () => {
  const below =
    'The robot runtime sits below the API modules: it reads the tables itself (robot/settings/), a module may import the robot, never the reverse.';

  it('refuses the robot runtime importing an API module, also from a test', () => {
    expect(
      zoneErrors(
        'apps/server/src/robot/settings/bot-settings.ts',
        "import { readSavedGlobalParams } from '../../modules/global-params/global-params.service.ts';",
      ),
    ).toEqual([below]);
    expect(
      zoneErrors(
        'apps/server/src/robot/copy/fan-out.test.ts',
        "import { activityAfter } from '../../modules/trading/trading.service.ts';",
      ),
    ).toEqual([below]);
  });

  it('lets an API module import the robot, and the robot import the database and libraries', () => {
    expect(
      zoneErrors(
        'apps/server/src/modules/trading/trading.service.ts',
        "import { loadBotSettings } from '../../robot/settings/bot-settings.ts';",
      ),
    ).toEqual([]);
    expect(
      zoneErrors(
        'apps/server/src/robot/orders/ledger.ts',
        "import { jsonRows } from '../../db/bulk.ts';\nimport { sql } from 'kysely';",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle in the server', async () => {
    // inbox.ts importing the driver, which imports inbox.ts: a cycle through files on disk.
    const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
    const [result] = await eslint.lintText(
      "import { runSession } from './run-session.ts';\nexport const again = runSession;\n",
      { filePath: resolve(root, 'apps/server/src/robot/inbox.ts') },
    );
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);
});

describe('type-checked lint rules (eslint.config.js)', () => {
  it('lints TypeScript with type information and refuses a floating promise', () => {
    const typed = config.find((entry) => entry.languageOptions?.parserOptions?.projectService);
    expect(typed).toBeDefined();
    expect(typed.rules['@typescript-eslint/no-floating-promises']?.[0]).toBe('error');
    expect(typed.rules['@typescript-eslint/switch-exhaustiveness-check']?.[0]).toBe('error');
  });
});
