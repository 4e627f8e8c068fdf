import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import config, { MODULE_IMPORTS } from '../eslint.config.js';

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
        'apps/server/src/robot/ledger/ledger.ts',
        "import { jsonRows } from '../../db/bulk.ts';\nimport { sql } from 'kysely';",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle in the server', async () => {
    // bot-events.ts importing the driver, which imports bot-events.ts: a cycle through files on disk.
    const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
    const [result] = await eslint.lintText(
      "import { runSession } from './run-session.ts';\nexport const again = runSession;\n",
      { filePath: resolve(root, 'apps/server/src/robot/bot-events.ts') },
    );
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);
});

describe('the server’s floors: plugins/ and lib/ below the modules (eslint.config.js)', () => {
  it('refuses plugins/ importing an API module, a type import too', () => {
    const [error] = zoneErrors(
      'apps/server/src/plugins/context.ts',
      "import type { TelegramBotHandle } from '../modules/telegram-bot/operator-bot.ts';",
    );
    expect(error).toMatch(/^plugins\/ sits below the API modules/);
    expect(
      zoneErrors(
        'apps/server/src/plugins/x.ts',
        "import { addressKey } from '../modules/auth/throttle.ts';",
      ),
    ).toHaveLength(1);
  });

  it('refuses lib/ importing a module, plugins/ or the robot; lets it import db/', () => {
    for (const code of [
      "import { say } from '../modules/telegram-bot/operator-bot.ts';",
      "import type { AppDeps } from '../plugins/context.ts';",
      "import { sendDeadline } from '../robot/ledger/broker-call.ts';",
    ]) {
      const errors = zoneErrors('apps/server/src/lib/messenger.ts', code);
      expect(errors, code).toHaveLength(1);
      expect(errors[0]).toMatch(/^lib\/ is the ground floor/);
    }
    expect(
      zoneErrors(
        'apps/server/src/lib/owned-bot.ts',
        "import { fromDbBool } from '../db/dialect.ts';",
      ),
    ).toEqual([]);
  });

  it('refuses the robot and the reader importing plugins/ (they run in the worker)', () => {
    expect(
      zoneErrors(
        'apps/server/src/robot/runtime.ts',
        "import type { AppDeps } from '../plugins/context.ts';",
      ),
    ).toEqual([
      "robot/ runs without Fastify (the worker hosts it too): it takes its own deps, never the app's plugins/.",
    ]);
    expect(
      zoneErrors(
        'apps/server/src/reader/reader.ts',
        "import { x } from '../modules/channels/channels.service.ts';",
      ),
    ).toEqual(['reader/ sits below the API modules: a module may import it, never the reverse.']);
  });

  it('lets plugins/ import lib/, db/ and the reader’s handle', () => {
    expect(
      zoneErrors(
        'apps/server/src/plugins/context.ts',
        [
          "import type { ThrottlePolicy } from '../lib/throttle-policy.ts';",
          "import type { Database } from '../db/schema.ts';",
          "import type { ReaderHandle } from '../reader/runtime.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('which API modules may import which (MODULE_IMPORTS in eslint.config.js)', () => {
  const modules = 'apps/server/src/modules';

  it('refuses an import of a module the list does not allow', () => {
    expect(
      zoneErrors(
        `${modules}/trading/trading.routes.ts`,
        "import { x } from '../auth/throttle.ts';",
      ),
    ).toEqual([
      'modules/trading may import no other module (MODULE_IMPORTS in eslint.config.js): compose modules in app.ts or move the shared part below them.',
    ]);
    expect(
      zoneErrors(
        `${modules}/auth/auth.service.ts`,
        "import type { X } from '../channels/channels.service.ts';",
      ),
    ).toEqual([
      'modules/auth may import only modules/bots (MODULE_IMPORTS in eslint.config.js): compose modules in app.ts or move the shared part below them.',
    ]);
  });

  it('lets a module import itself and the modules it lists', () => {
    expect(
      zoneErrors(
        `${modules}/meta-copy/meta-copy.service.ts`,
        "import { findFollow } from '../copy-trader/copy-trader.repository.ts';\nimport { x } from './meta-copy.repository.ts';",
      ),
    ).toEqual([]);
  });

  it('lists only modules that exist, and only imports that are made', () => {
    const folders = new Set(
      readdirSync(resolve(root, modules), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name),
    );
    /** Whether some file of module `from` imports module `to` (a relative `../<to>/` import). */
    const imports = (from, to) =>
      readdirSync(resolve(root, modules, from), { recursive: true })
        .filter((f) => String(f).endsWith('.ts'))
        .some((f) =>
          readFileSync(resolve(root, modules, from, String(f)), 'utf8').includes(`from '../${to}/`),
        );
    for (const [from, allowed] of Object.entries(MODULE_IMPORTS)) {
      expect(folders.has(from), from).toBe(true);
      for (const to of Object.keys(allowed)) {
        expect(folders.has(to), `${from} → ${to}`).toBe(true);
        expect(imports(from, to), `${from} → ${to} is listed but no longer imported`).toBe(true);
      }
    }
  });
});

describe('type-checked lint rules (eslint.config.js)', () => {
  it('lints TypeScript with type information and refuses a floating promise', () => {
    const typed = config.find((entry) => entry.languageOptions?.parserOptions?.projectService);
    expect(typed).toBeDefined();
    expect(typed.rules['@typescript-eslint/no-floating-promises']?.[0]).toBe('error');
    expect(typed.rules['@typescript-eslint/switch-exhaustiveness-check']?.[0]).toBe('error');
  });
});
