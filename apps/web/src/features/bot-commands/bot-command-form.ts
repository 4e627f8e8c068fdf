import type { BotCommand, BotCommandCode } from '@app/contract';

/** The form's value: a command code, or `''` while none is chosen. */
export interface BotCommandForm {
  botCmd: number | '';
}

export const EMPTY_BOT_COMMAND_FORM: BotCommandForm = { botCmd: '' };

/** SPEC §4 "Bot commands": sent as a numeric botCmd (the rule has checked it is 1–16). */
export function toBotCommandBody(values: BotCommandForm, userid: string): BotCommand {
  return { userid, botCmd: Number(values.botCmd) as BotCommandCode };
}
