import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@app/contract';
import { say } from './telegram-catalogue.ts';

/**
 * Sends messages to a messaging-app user id through the robot's messaging bot (a
 * verification code proves that whoever claims a bot id reads that id's messages). A real
 * adapter (Telegram's Bot API) implements this behind configuration; the default needs no network.
 */
export interface BotMessenger {
  /**
   * The code's message is written in `language`: the panel's language of the request that asked
   * for it. `botId` is the pending bot's row (a newer code for it replaces this one).
   */
  sendVerificationCode(
    userid: string,
    code: string,
    language: Language,
    botId?: number,
  ): Promise<void>;
}

/** The file the local messenger writes to, in the data directory. */
export const OUTBOX_FILE = 'outbox.jsonl';

/**
 * The local default: each message becomes one JSON line `{ at, to, text, code }` in
 * `DATA_DIR/outbox.jsonl` (0600, like the database) — the local install's operator, who is the
 * trader, reads the code there. Never a log line: logs are shipped and kept where codes must not be.
 */
export function localOutbox(dataDir: string, now: () => number): BotMessenger {
  return {
    async sendVerificationCode(userid, code, language) {
      const line = JSON.stringify({
        at: new Date(now()).toISOString(),
        to: userid,
        text: say(language, 'verify.code', { code }),
        code,
      });
      appendFileSync(join(dataDir, OUTBOX_FILE), line + '\n', { mode: 0o600 });
    },
  };
}
