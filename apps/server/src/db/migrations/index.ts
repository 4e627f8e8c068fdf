import type { Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';
import { initial } from './0001-initial.ts';
import { robotConfig } from './0002-robot-config.ts';
import { readerRequests } from './0004-reader-requests.ts';
import { botSessions } from './0005-bot-sessions.ts';
import { signals } from './0006-signals.ts';
import { reader } from './0010-reader.ts';
import { trading } from './0015-trading.ts';
import { authThrottle } from './0020-auth-throttle.ts';
import { botVerification } from './0021-bot-verification.ts';
import { runtimeIndexes } from './0028-runtime-indexes.ts';
import { copy } from './0030-copy.ts';
import { copyFollowerIndex } from './0031-copy-follower-index.ts';
import { copyExec } from './0035-copy-exec.ts';
import { purchases } from './0040-purchases.ts';
import { removedBotExpiries } from './0045-removed-bot-expiries.ts';
import { orderFanOut } from './0050-order-fan-out.ts';
import { botClaims } from './0200-bot-claims.ts';
import { telegramBot } from './0300-telegram-bot.ts';
import { pendingEntries } from './0400-pending-entries.ts';
import { realMoneyCap } from './0600-real-money-cap.ts';
import { derivOAuth } from './0601-deriv-oauth.ts';
import { derivTokenRenewal } from './0700-deriv-token-renewal.ts';
import { messagingCursors } from './0750-messaging-cursors.ts';
import { telegramProducers } from './0800-telegram-producers.ts';
import { copyRooms } from './0850-copy-rooms.ts';
import { channelVocabulary } from './1050-channel-vocabulary.ts';
import { appMeta } from './1100-app-meta.ts';
import { robotPartitions } from './1101-robot-partitions.ts';
import { telegramSupervision } from './1200-telegram-supervision.ts';
import { marketData } from './1600-market-data.ts';
import { signalVerdicts } from './1601-signal-verdicts.ts';
import { readerFanIn } from './1750-reader-fan-in.ts';
import { botTakeBack } from './1850-bot-take-back.ts';
import { chatPace } from './1851-chat-pace.ts';

/**
 * Every migration, listed in code rather than found by scanning a folder, so running under tsx,
 * from a bundle or from tests all apply the same list. Names sort in the order they must run.
 */
export function migrations(types: ColumnTypes): Record<string, Migration> {
  return {
    '0001-initial': initial(types),
    '0002-robot-config': robotConfig(types),
    '0004-reader-requests': readerRequests(types),
    '0005-bot-sessions': botSessions(types),
    '0006-signals': signals(types),
    '0010-reader': reader(types),
    '0015-trading': trading(types),
    '0020-auth-throttle': authThrottle(types),
    '0021-bot-verification': botVerification(types),
    '0028-runtime-indexes': runtimeIndexes(types),
    '0030-copy': copy(types),
    '0031-copy-follower-index': copyFollowerIndex(types),
    '0035-copy-exec': copyExec(types),
    '0040-purchases': purchases(types),
    '0045-removed-bot-expiries': removedBotExpiries(types),
    '0050-order-fan-out': orderFanOut(types),
    '0200-bot-claims': botClaims(types),
    '0300-telegram-bot': telegramBot(types),
    '0400-pending-entries': pendingEntries(types),
    '0600-real-money-cap': realMoneyCap(types),
    '0601-deriv-oauth': derivOAuth(types),
    '0700-deriv-token-renewal': derivTokenRenewal(types),
    '0750-messaging-cursors': messagingCursors(types),
    '0800-telegram-producers': telegramProducers(types),
    '0850-copy-rooms': copyRooms(),
    '1050-channel-vocabulary': channelVocabulary(types),
    '1100-app-meta': appMeta(),
    '1101-robot-partitions': robotPartitions(types),
    '1200-telegram-supervision': telegramSupervision(types),
    '1600-market-data': marketData(types),
    '1601-signal-verdicts': signalVerdicts(types),
    '1750-reader-fan-in': readerFanIn(types),
    '1850-bot-take-back': botTakeBack(types),
    '1851-chat-pace': chatPace(types),
  };
}
