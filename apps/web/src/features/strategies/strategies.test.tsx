import {
  LANGUAGES,
  MASANIELLO_MODES,
  MASANIELLO_TYPES,
  RECOVERY_FACTORS,
  RECOVERY_MODES,
} from '@app/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

describe('strategies', () => {
  it('shows the info warning and links the five strategy screens in order', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    await renderApp('/strategies');
    await screen.findByRole('heading', { name: 'Estratégias' });
    expect(screen.getByText(/A estratégia que o robô usa é escolhida/)).toBeInTheDocument();
    const links = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/config-'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/config-masaniello',
      '/config-cycles',
      '/config-soros',
      '/config-recovery',
      '/config-customcycles',
    ]);
  });

  it('opens a strategy screen from its link', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    const { user } = await renderApp('/strategies');
    await user.click(await screen.findByRole('link', { name: /Soros/ }));
    expect(currentPath()).toBe('/config-soros');
  });

  it('is reachable from the home Configure menu', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    await renderApp('/');
    expect(await screen.findByRole('link', { name: /Estratégias/ })).toHaveAttribute(
      'href',
      '/strategies',
    );
  });

  it.each(LANGUAGES)('%s labels every value of the strategy enums', (lng) => {
    const enums = {
      masanielloType: MASANIELLO_TYPES,
      masanielloMode: MASANIELLO_MODES,
      recoveryFactor: RECOVERY_FACTORS,
      recoveryMode: RECOVERY_MODES,
    };
    for (const [name, values] of Object.entries(enums)) {
      for (const value of values) {
        const key = `enums.${name}.${value}`;
        expect(i18n.exists(key, { lng, fallbackLng: false }), `${lng} ${key}`).toBe(true);
      }
    }
  });
});
