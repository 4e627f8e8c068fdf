import {
  ErrorCode,
  VOCABULARY_IMPACT_MESSAGES,
  type ChannelDoubts,
  type VocabularyImpact,
  type VocabularyInput,
} from '@app/contract';
import {
  channelSignalSettingsFromCard,
  checkVocabulary,
  vocabularyImpact,
  type ChannelVocabulary,
  type ImpactSignal,
} from '@app/robot';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { findCard } from '../../reader/cards.ts';
import { roomOwnerOf } from '../../reader/copy-rooms.ts';
import { chatList } from './channels.repository.ts';
import { ownBot, requireTrader } from './channels.service.ts';
import { checkedVocabulary } from './vocabulary-check.ts';

// What a trader teaches a channel (docs/trader.md "Teaching a channel") and the doubts that ask
// for it: the card's vocabulary saved alone, tried on the channel's history, and the counts.

/** The doubtful messages of the bot's own rooms, per channel; none for rooms it copies. */
export async function getChannelDoubts(deps: AppDeps, userid: string): Promise<ChannelDoubts[]> {
  const bot = await ownBot(deps, userid);
  const owner = await roomOwnerOf(deps.db, bot);
  if (owner.id !== bot.id) return [];
  const rows = await deps.db
    .selectFrom('channel_doubts')
    .selectAll()
    .where('bot_id', '=', bot.id)
    .orderBy('channel_id')
    .execute();
  return rows.map((r) => ({
    idNum: r.channel_id,
    unsent: Number(r.unsent),
    notifiedAt: Number(r.notified_at),
    lastAt: Number(r.last_at),
    lastMessageId: r.last_message_id === null ? null : Number(r.last_message_id),
  }));
}

/** The chat of the trader's own list that a vocabulary call names, with its card; 404 otherwise. */
async function ownCard(deps: AppDeps, userid: string, idNum: string) {
  const bot = await ownBot(deps, userid);
  requireTrader(bot, ErrorCode.channelsNotTrader);
  const card = await findCard(deps.db, bot.id, idNum);
  const chat = (await chatList(deps.db, bot.id)).some((c) => c.chat_id === idNum);
  if (!card || !chat) throw new HttpError(404, ErrorCode.channelsUnknown);
  return { bot, card };
}

/** Replaces what the trader taught one channel (nothing else of the card changes). */
export async function saveVocabulary(deps: AppDeps, input: VocabularyInput): Promise<void> {
  const vocabulary = checkedVocabulary(input.vocabulary);
  const { bot } = await ownCard(deps, input.userid, input.idNum);
  await deps.db
    .updateTable('channel_cards')
    .set({ vocabulary: JSON.stringify(vocabulary), updated_at: deps.now() })
    .where('bot_id', '=', bot.id)
    .where('id_num', '=', input.idNum)
    .execute();
}

/**
 * What the vocabulary would change in the channel's newest stored messages, against the card's
 * own, each message read as of when it arrived; writes nothing.
 */
export async function vocabularyImpactOf(
  deps: AppDeps,
  input: VocabularyInput,
): Promise<VocabularyImpact> {
  const after = checkedVocabulary(input.vocabulary);
  const { bot, card } = await ownCard(deps, input.userid, input.idNum);
  const rows = await deps.db
    .selectFrom('reader_messages')
    .select(['id', 'text', 'received_at'])
    .where('bot_id', '=', bot.id)
    .where('channel_id', '=', input.idNum)
    .orderBy('id', 'desc')
    .limit(VOCABULARY_IMPACT_MESSAGES)
    .execute();
  const settings = channelSignalSettingsFromCard({ ...card, vocabulary: [] });
  const impact = vocabularyImpact(
    rows.map((r) => ({ text: r.text, receivedAtMs: Number(r.received_at) })),
    checkVocabulary(card.vocabulary ?? []).ok ? (card.vocabulary as ChannelVocabulary) : [],
    after as ChannelVocabulary,
    { settings, channelId: input.idNum },
  );
  const wire = (signals: readonly ImpactSignal[]) =>
    signals.map((s) => ({ ...s, time: s.time ?? null, gales: s.gales ?? null }));
  return {
    messages: impact.messages,
    newlyRead: impact.newlyRead,
    changed: impact.changed,
    noLongerRead: impact.noLongerRead,
    unchanged: impact.unchanged,
    examples: impact.examples.map((e) => {
      const row = rows[e.index] as (typeof rows)[number];
      return {
        kind: e.kind,
        messageId: Number(row.id),
        receivedAt: e.receivedAtMs,
        text: e.text,
        before: wire(e.before),
        after: wire(e.after),
      };
    }),
  };
}
