import type { Bot } from '@app/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expiryState, formatBotExpiry } from '../../lib/bot-expiry.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const DAY = 86_400;
const nowSec = Math.floor(Date.now() / 1000);
const bot = (userid: string, botexp: number): Bot => ({
  email: ana.email,
  userid,
  botexp,
  virtual: false,
  verified: true,
});

describe('expiryState', () => {
  it('warns within 3 days, says expired once past, and nothing without an expiry', () => {
    expect(expiryState(0, nowSec, 3)).toBeNull();
    expect(expiryState(nowSec + 4 * DAY, nowSec, 3)).toBeNull();
    expect(expiryState(nowSec + 3 * DAY, nowSec, 3)).toBe('soon');
    expect(expiryState(nowSec, nowSec, 3)).toBe('expired');
  });
});

describe('the home dashboard', () => {
  it('shows until when the bot is paid, and warns for a bot 3 days before its expiry', async () => {
    const paid = nowSec + 20 * DAY;
    const soon = nowSec + 2 * DAY;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/getbots': { body: [bot(ana.userid, paid), bot('15550001', soon)] },
    });
    await renderApp('/');
    expect(
      await screen.findByText(
        `O plano do bot ${ana.userid} está pago até ${formatBotExpiry(paid) ?? ''}.`,
      ),
    ).toBeInTheDocument();
    const warning = screen.getByText(
      `O bot 15550001 vence em ${formatBotExpiry(soon) ?? ''}. Renove para continuar operando.`,
    );
    expect(warning.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Renovar' })[0]).toHaveAttribute('href', '/comprar');
  });

  it('says an expired bot opens no new trades', async () => {
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/getbots': { body: [bot(ana.userid, nowSec - 60)] },
    });
    await renderApp('/');
    expect(
      await screen.findByText(/venceu em .*: o robô não abre novas operações/),
    ).toBeInTheDocument();
  });

  it('labels a free trial: until when, its end within 3 days, and a buy link', async () => {
    const trialEnd = nowSec + 5 * DAY;
    const trialSoon = nowSec + DAY;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/getbots': {
        body: [
          { ...bot(ana.userid, trialEnd), trial: true },
          { ...bot('15550002', trialSoon), trial: true },
          { ...bot('15550003', nowSec - 60), trial: true },
        ],
      },
    });
    await renderApp('/');
    expect(
      await screen.findByText(
        `O bot ${ana.userid} está em teste grátis até ${formatBotExpiry(trialEnd) ?? ''}.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `O teste grátis do bot 15550002 termina em ${formatBotExpiry(trialSoon) ?? ''}. Compre um plano para continuar operando.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/O teste grátis do bot 15550003 terminou em/)).toBeInTheDocument();
    const buy = screen.getAllByRole('link', { name: 'Comprar' });
    expect(buy).toHaveLength(2);
    expect(buy[0]).toHaveAttribute('href', '/comprar');
    expect(screen.queryByRole('link', { name: 'Renovar' })).toBeNull();
  });
});
