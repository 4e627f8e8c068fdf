import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../packages/contract/src/index.ts';

// STYLE "One name, every layer": an endpoint's `area` in the contract is the name of the folder
// that serves it (apps/server/src/modules, or the robot runtime) and of the panel's feature that
// calls it. The areas below differ today, each for the reason given; the naming pass that unifies
// them removes them from these lists (a listed area that matches becomes an error here).
const root = resolve(import.meta.dirname, '..');

/** Areas served by a server folder of another name. */
const SERVER_EXCEPTIONS = {
  masaniello: 'the strategy settings tables are one module, modules/strategies',
  cycles: 'the strategy settings tables are one module, modules/strategies',
  soros: 'the strategy settings tables are one module, modules/strategies',
  'loss-recovery': 'the strategy settings tables are one module, modules/strategies',
  'custom-cycles': 'the strategy settings tables are one module, modules/strategies',
};

/** Areas no panel feature of that name calls. */
const WEB_EXCEPTIONS = {
  health: 'no screen: the operator’s and the load balancer’s probe',
  inbox: 'the local test channel; the signal tester of features/channels posts to it',
  'panel-config': 'the support link the app shell reads (features/home/api/panel-config.ts)',
  phone: 'the add-phone screen is features/add-phone (SPEC’s route /addphone)',
  reader: 'the reader status the app shell shows (lib/reader-status.ts), no screen of its own',
  signals: 'the latest-signals list is a shared component, the tester lives in features/channels',
};

const areas = [...new Set(Object.values(endpoints).map((e) => e.area))].sort();
const folders = (path) =>
  new Set(
    readdirSync(resolve(root, path), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
const server = new Set([
  ...folders('apps/server/src/modules'),
  ...folders('apps/server/src/robot'),
]);
const web = folders('apps/web/src/features');

describe('contract areas and their folders', () => {
  it.each(areas)('area %s has its server folder, or a listed reason', (area) => {
    expect(server.has(area) || area in SERVER_EXCEPTIONS, area).toBe(true);
    if (area in SERVER_EXCEPTIONS) expect(server.has(area), `${area} is listed`).toBe(false);
  });

  it.each(areas)('area %s has its panel feature, or a listed reason', (area) => {
    expect(web.has(area) || area in WEB_EXCEPTIONS, area).toBe(true);
    if (area in WEB_EXCEPTIONS) expect(web.has(area), `${area} is listed`).toBe(false);
  });

  it('lists no exception for an area the contract does not have', () => {
    for (const area of [...Object.keys(SERVER_EXCEPTIONS), ...Object.keys(WEB_EXCEPTIONS)]) {
      expect(areas, area).toContain(area);
    }
    expect(existsSync(resolve(root, 'apps/server/src/modules'))).toBe(true);
  });
});
