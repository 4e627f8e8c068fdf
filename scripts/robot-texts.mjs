// Copies the robot's message texts (`robot.*`, and the account-type and trader-mode labels they
// use) from the panel's catalogues into the server's, so the operator's Telegram bot words a
// command reply or a refusal exactly as the panel does; the server never imports the panel.
// Run after changing those texts: `node scripts/robot-texts.mjs`. A server test fails while the
// copy differs (apps/server/src/modules/telegram-bot/robot-text.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';

const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'];
export const TARGET = new URL(
  '../apps/server/src/modules/telegram-bot/robot-texts.generated.json',
  import.meta.url,
);

/** The part of the panel's catalogues the server needs, per language. */
export function robotTexts() {
  return Object.fromEntries(
    LANGUAGES.map((lng) => {
      const all = JSON.parse(
        readFileSync(new URL(`../apps/web/src/i18n/${lng}.json`, import.meta.url), 'utf8'),
      );
      return [
        lng,
        {
          robot: all.robot,
          enums: { accType: all.enums.accType, traderMode: all.enums.traderMode },
        },
      ];
    }),
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  writeFileSync(TARGET, JSON.stringify(robotTexts(), null, 2) + '\n');
}
