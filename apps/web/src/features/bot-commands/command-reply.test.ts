import {
  BOT_COMMAND_CODES,
  LANGUAGES,
  RobotMessageSchema,
  STRATEGIES,
  type RobotMessage,
  AccountType,
} from '@app/contract';
import {
  initialSession,
  SESSION_REPLY_KEYS,
  step,
  type MoneyConfigs,
  type SessionConfig,
  type SessionState,
} from '@app/robot';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { commandReply, replyText } from './command-reply.ts';

const common = {
  entry: { kind: 'fixed', stakeCents: 200 },
  payout: 0.87,
  brokerMinCents: 100,
  brokerMaxCents: 500_000,
} as const;

const money: MoneyConfigs = {
  martingale: { ...common, gales: 2, multiplier: 2 },
  masaniello: {
    brokerMinCents: 100,
    brokerMaxCents: 500_000,
    capitalCents: 10_000,
    totalOper: 10,
    totalWin: 4,
    payout: 0.8,
    gales: 0,
    type: 1,
    profitTargetCents: 0,
    hitsRestart: 0,
    restartOnBust: false,
  },
  cycles: { ...common, cycles: 3, cycleMultiplier: 0, gales: 2, galeMultiplier: 2 },
  lossRecovery: {
    ...common,
    factor: 2,
    mode: 1,
    gales: 1,
    galeMultiplier: 2,
    recoverProfitCents: 0,
  },
  customCycles: { ...common, rows: [], gales: 2, multiplier: 2 },
};

const config = (over: Partial<SessionConfig> = {}): SessionConfig => ({
  userid: '5550001',
  accountType: AccountType.demo,
  strategySel: 1,
  money,
  stops: { stopType: 1, stopWin: 0, stopLoss: 0, trailing: false },
  maxOrdersPerDay: 0,
  startBalanceCents: 1_000_000,
  copyMode: 1,
  copyEnabled: false,
  ...over,
});

const busy = (state: SessionState): SessionState => ({
  ...state,
  openOrder: {
    ref: '1',
    asset: 'EURUSD',
    stakeCents: 200,
    galeLevel: 0,
    window: { sendAtMs: 0, expiresAtMs: 60_000 },
  },
});

/**
 * Every reply the robot gives to every command, in states that reach each variant: every
 * strategy, every stop reason, an open order, no strategy settings, an unknown code.
 */
/** The score per signal the server fills into /placar and /status (apply-command.ts). */
const SERVER_SCORE = {
  since: '18:00',
  wins: 3,
  losses: 1,
  draws: 0,
  open: 0,
  winsAtEntry: 1,
  winsInGales: 2,
  hitRatePct: 75,
  scorePnlCents: -982,
};

/** A reply as the server stores it: with its score, and `simulator` for a bot on paper. */
function withServer(c: { key: string; params: RobotMessage['params'] }): RobotMessage['params'] {
  const scored = c.key === 'robot.reply.status' || c.key === 'robot.reply.score';
  return { ...c.params, ...(scored ? SERVER_SCORE : {}), simulator: true };
}

function everyReply(): RobotMessage[] {
  const states: SessionState[] = [];
  for (const strategySel of STRATEGIES) {
    const fresh = initialSession(config({ strategySel }));
    states.push(fresh, busy(fresh));
  }
  for (const stopReason of [
    'command_off',
    'stop_win',
    'stop_loss',
    'trailing',
    'plan_complete',
    'plan_bust',
  ] as const) {
    states.push({ ...initialSession(config()), stopReason });
  }
  states.push(initialSession(config({ money: {} })));
  const replies: RobotMessage[] = [];
  for (const state of states) {
    for (const code of [...BOT_COMMAND_CODES, 99]) {
      const args = code === 14 ? { config: config({ strategySel: 3 }) } : {};
      const { commands } = step(state, { type: 'command', code: code as 1, args });
      for (const c of commands) {
        // Parsed by the contract's schema: every reply the robot gives fits the wire format.
        if (c.type === 'notify')
          replies.push(RobotMessageSchema.parse({ key: c.key, params: withServer(c) }));
      }
    }
  }
  // The runtime's own answers: a failure, and the refusals of a bot whose settings were never saved.
  replies.push(
    { key: 'robot.reply.failed', params: {} },
    { key: 'robot.reply.on', params: { ok: false, reason: 'not_configured', missing: 'soros' } },
    {
      key: 'robot.reply.accountType',
      params: { ok: false, reason: 'not_configured', accountType: AccountType.demo },
    },
    { key: 'robot.reply.copyMode', params: { ok: false, reason: 'not_configured', copyMode: 1 } },
  );
  return replies;
}

describe('replyText', () => {
  const replies = everyReply();

  it('meets every reply key the robot can emit', () => {
    const seen = new Set(replies.map((r) => r.key));
    for (const key of SESSION_REPLY_KEYS) expect(seen, key).toContain(key);
  });

  it('names the simulator beside the account, or the balance when no account shows', () => {
    const t = i18n.getFixedT('pt-BR');
    const status = replies.find((r) => r.key === 'robot.reply.status');
    expect(replyText(t, 'pt-BR', status!)).toContain('conta Demo (Simulador)');
    const restart = replies.find((r) => r.key === 'robot.reply.restart' && r.params.ok === true);
    expect(replyText(t, 'pt-BR', restart!)).toContain('saldo 10.000,00 (Simulador)');
    const score = replies.find((r) => r.key === 'robot.reply.score');
    expect(replyText(t, 'pt-BR', score!)).toBe(
      'Placar por sinal desde as 18:00: 3 × 1 · wins: 1 na entrada, 2 no gale · 0 empate(s) · 0 em andamento · acerto: 75 % · resultado: -9,82',
    );
  });

  it.each(LANGUAGES)('%s: every reply reads as text, with no key or placeholder left', (lng) => {
    const t = i18n.getFixedT(lng);
    for (const reply of replies) {
      const text = replyText(t, lng, reply);
      const where = `${reply.key} ${JSON.stringify(reply.params)}`;
      expect(text, where).not.toMatch(/robot\.|enums\.|\{\{|undefined|NaN/);
      expect(text, where).toMatch(/\S/);
    }
  });

  it('says why a switch of mode or account was refused', () => {
    const reply = {
      key: 'robot.reply.copyMode',
      params: { ok: false, reason: 'not_configured', copyMode: 1 },
    };
    expect(replyText(i18n.getFixedT('pt-BR'), 'pt-BR', reply)).toBe(
      'O modo continua Trader: faltam parâmetros salvos no painel.',
    );
  });

  it('formats money in the trader’s locale and flags as words', () => {
    const reply = {
      key: 'robot.reply.liquidity',
      params: { accountType: AccountType.real, balanceCents: 123_456, profitCents: -50 },
    };
    expect(replyText(i18n.getFixedT('pt-BR'), 'pt-BR', reply)).toBe(
      'Conta Real · saldo: 1.234,56 · resultado: -0,50',
    );
    expect(replyText(i18n.getFixedT('en-US'), 'en-US', reply)).toBe(
      'Real account · balance: 1,234.56 · result: -0.50',
    );
  });
});

describe('commandReply', () => {
  it.each([
    [null, null],
    [{ key: 'other.key', params: {} }, null],
    [
      { key: 'robot.reply.failed', params: {} },
      { key: 'robot.reply.failed', params: {} },
    ],
    [
      { key: 'robot.reply.on', params: { running: true } },
      { key: 'robot.reply.on', params: { running: true } },
    ],
  ])('reads %j as %j', (message, expected) => {
    expect(commandReply(message)).toEqual(expected);
  });
});
