import { AccountType, BOT_COMMANDS, defaultTraderInfo, type BotCommandCode } from '@app/contract';
import {
  step,
  type CommandArgs,
  type NotifyParams,
  type SessionCommand,
  type SessionConfig,
  type SessionState,
} from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appendActivity } from '../activity.ts';
import { applyEffects, type BotRun } from '../bot-run.ts';
import { botScoreOf } from '../ledger/bot-score.ts';
import type { BrokerAdapter } from '../brokers/broker-adapter.ts';
import { withTimeout } from '../ledger/broker-call.ts';

/** What the session replied to a command: an i18n key and plain params. */
export interface CommandReply {
  key: string;
  params: NotifyParams;
}

/** The session's `robot.reply.*` among the commands a step returned. */
function replyOf(commands: SessionCommand[]): CommandReply | null {
  for (const c of commands) {
    if (c.type === 'notify' && c.key.startsWith('robot.reply.')) {
      return { key: c.key, params: c.params };
    }
  }
  return null;
}

/**
 * The broker's balance of every account type, read before a command's transaction opens. A
 * balance the broker cannot give (Deriv down or slow) reads 0 rather than failing the command.
 */
export async function balancesOf(
  broker: BrokerAdapter,
  timeoutMs: number,
): Promise<Record<AccountType, number>> {
  const read = (account: AccountType) =>
    withTimeout(broker.balance(account), timeoutMs).catch(() => 0);
  return {
    [AccountType.demo]: await read(AccountType.demo),
    [AccountType.real]: await read(AccountType.real),
    [AccountType.tournament]: await read(AccountType.tournament),
  };
}

/**
 * The settings a command changed, written where the panel reads them, so the panel and the
 * robot show one value: the account type (8) and the copy mode (9) in the global params of the
 * bot's current broker, the copy switch (15) in the trader's copy settings (created with the
 * contract's defaults when the trader never saved them).
 */
async function saveCommandSettings(
  trx: Kysely<Database>,
  run: BotRun,
  config: SessionConfig,
  now: number,
  what: 'globalParams' | 'copySwitch',
): Promise<void> {
  if (what === 'globalParams') {
    await trx
      .updateTable('global_params')
      .set({ acc_type: config.accountType, trader_mode: config.copyMode, updated_at: now })
      .where('bot_id', '=', run.botId)
      .where('broker_id', '=', run.settings.brokerId)
      .execute();
    return;
  }
  const d = defaultTraderInfo(run.settings.userid);
  await trx
    .insertInto('copy_trader_settings')
    .values({
      bot_id: run.botId,
      copy_trader_en: config.copyEnabled,
      signal_type: d.signalType,
      delaysig: d.delaysig,
      broker_id: d.brokerID,
      candle_color: d.candleColor,
      timeframe: d.timeframe,
      pares_filter: d.paresFilter,
      stake_min: d.stakeMin,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('bot_id').doUpdateSet({ copy_trader_en: config.copyEnabled, updated_at: now }),
    )
    .execute();
}

/** Pending entries a status reply names at most. */
const PENDING_IN_REPLY = 5;

/** The bot's pending entries as one line: `EURUSD CALL 10:02, GBPUSD PUT 10:03` (null = none). */
async function pendingList(trx: Kysely<Database>, botId: number): Promise<string | null> {
  const rows = await trx
    .selectFrom('signals')
    .select(['asset', 'direction', 'signal_time'])
    .where('bot_id', '=', botId)
    .where('status', '=', 'accepted')
    .where('decided_at', 'is', null)
    .orderBy('id')
    .limit(PENDING_IN_REPLY + 1)
    .execute();
  const named = rows
    .slice(0, PENDING_IN_REPLY)
    .map((r) => [r.asset, r.direction, r.signal_time].filter(Boolean).join(' '));
  if (named.length === 0) return null;
  return rows.length > PENDING_IN_REPLY ? `${named.join(', ')}, …` : named.join(', ');
}

/** The replies that name the account or show its balance. */
const SHOWS_ACCOUNT = new Set<string>(['status', 'restart', 'accountType', 'liquidity']);

/** HH:MM of an instant on the reader's clock (hours from UTC). */
function clockOf(ms: number, utcOffsetHours: number): string {
  const d = new Date(ms + utcOffsetHours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * What `/placar` and `/status` say of the score: the bot's one score per signal since it last
 * went back to zero (`since` on the reader's clock), wins at the entry and in the gales, the net.
 */
async function scoreParams(
  trx: Kysely<Database>,
  run: BotRun,
  state: SessionState,
  now: number,
): Promise<NotifyParams> {
  const { sinceMs, score } = await botScoreOf(trx, run.botId, state, now);
  const atEntry = score.winsByStep[0] ?? 0;
  return {
    since: clockOf(sinceMs, run.settings.utcOffsetHours),
    wins: score.wins,
    losses: score.losses,
    draws: score.draws,
    open: score.open,
    winsAtEntry: atEntry,
    winsInGales: score.wins - atEntry,
    hitRatePct: score.hitRatePct,
    scorePnlCents: score.pnlCents,
  };
}

/**
 * Applies one bot command to the session with the bot's real figures: the balance is the
 * broker's, `on` is refused (saying what to configure) while the settings were never saved, and
 * what a command switches (account type, copy mode, copy switch) is saved where the panel reads it.
 */
export async function applyCommandTo(
  trx: Kysely<Database>,
  run: BotRun,
  state: SessionState,
  code: BotCommandCode,
  balances: Record<AccountType, number>,
): Promise<{ state: SessionState | null; reply: CommandReply }> {
  const now = run.rt.now();
  const name = BOT_COMMANDS[code];
  if (name === 'on' && run.settings.missing !== null) {
    return {
      state: null,
      reply: {
        key: 'robot.reply.on',
        params: { ok: false, reason: 'not_configured', missing: run.settings.missing },
      },
    };
  }
  // The account type and the mode are kept in the global params: with none saved, a switch
  // would last until the next run only. Say what to configure instead.
  if ((name === 'accountType' || name === 'copyMode') && run.settings.missing === 'globalParams') {
    const config = run.settings.config;
    return {
      state: null,
      reply: {
        key: `robot.reply.${name}`,
        params: {
          ok: false,
          reason: 'not_configured',
          ...(name === 'accountType'
            ? { accountType: config.accountType }
            : { copyMode: config.copyMode }),
        },
      },
    };
  }
  // Real money is switched on in the panel only, where the account password is asked again
  //; a command may switch back to Demo.
  if (name === 'accountType' && run.settings.config.accountType !== AccountType.real) {
    return {
      state: null,
      reply: {
        key: 'robot.reply.accountType',
        params: {
          ok: false,
          reason: 'real_needs_panel',
          accountType: run.settings.config.accountType,
        },
      },
    };
  }
  let current = step(state, { type: 'tick', nowMs: now }).state;
  current = { ...current, balanceCents: balances[current.config.accountType] };
  const args: CommandArgs = {};
  if (name === 'updateBot') args.config = run.settings.config;
  if (name === 'accountType') {
    const accountType =
      current.config.accountType === AccountType.demo ? AccountType.real : AccountType.demo;
    args.accountType = accountType;
    args.balanceCents = balances[accountType];
  }
  const out = step(current, { type: 'command', code, args });
  let reply = replyOf(out.commands);
  if (!reply) throw new Error(`Command ${code} produced no reply`);
  // Status lists the bot's next entries (pending lines, oldest first), so a chat reply shows them.
  if (name === 'status')
    reply = { ...reply, params: { ...reply.params, pending: await pendingList(trx, run.botId) } };
  // The score is the ledger's, per signal, as home shows it (ledger/bot-score.ts).
  if (name === 'status' || name === 'score')
    reply = {
      ...reply,
      params: { ...reply.params, ...(await scoreParams(trx, run, out.state, now)) },
    };
  // A reply that shows an account or a balance says when they are the simulator's.
  if (SHOWS_ACCOUNT.has(name) && run.broker.simulator === true)
    reply = { ...reply, params: { ...reply.params, simulator: true } };
  if ((name === 'accountType' && reply.params.ok === true) || name === 'copyMode') {
    await saveCommandSettings(trx, run, out.state.config, now, 'globalParams');
  }
  if (name === 'enableCopy')
    await saveCommandSettings(trx, run, out.state.config, now, 'copySwitch');
  await applyEffects(trx, run, out.state, out.commands, {
    signalId: null,
    channelId: null,
    payoutPct: 0,
  });
  if (name === 'on' || name === 'off') {
    await appendActivity(trx, {
      botId: run.botId,
      at: now,
      kind: 'session',
      message: { key: `robot.activity.${name}`, params: {} },
    });
  }
  return { state: out.state, reply };
}
