import { ErrorCode } from '@app/contract';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import type { ReaderDeps } from '../../reader/deps.ts';
import { ensureReaderCursor } from '../../reader/messages.ts';
import type { TelegramSource } from '../../reader/telegram/telegram-source.ts';
import { ownBot } from '../channels/channels.service.ts';

function telegramOf(reader: ReaderDeps): TelegramSource {
  if (!reader.telegram) throw new HttpError(409, ErrorCode.phoneNotConfigured);
  return reader.telegram;
}

/** Runs a sign-in step, turning the app's refusals into translated answers. */
async function step(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    // Loaded already: a sign-in step runs only when Telegram is configured (app.ts loads the
    // `telegram` package then, not at start).
    const { authErrorOf } = await import('../../reader/telegram/telegram-source.ts');
    const failure = authErrorOf(err);
    throw new HttpError(
      failure.status,
      failure.code,
      undefined,
      undefined,
      undefined,
      failure.params,
    );
  }
}

/** `/addphone`: the messaging app sends a code to the phone. */
export async function addPhone(deps: AppDeps, reader: ReaderDeps, userid: string, phone: string) {
  const telegram = telegramOf(reader);
  const bot = await ownBot(deps, userid);
  const normalised = phone.startsWith('+') ? phone : `+${phone}`;
  await step(() => telegram.sendCode(bot, normalised));
}

/** `/authcode`: signs in with the code (and password), then lists and follows the chats. */
export async function authCode(
  deps: AppDeps,
  reader: ReaderDeps,
  userid: string,
  code: string,
  password: string,
) {
  const telegram = telegramOf(reader);
  const bot = await ownBot(deps, userid);
  await step(() => telegram.signIn(bot, code, password));
  await ensureReaderCursor(deps.db, bot.id, deps.now());
}
