import { z } from 'zod';
import { BROKER_IDS } from './enums.ts';

/**
 * A bot id: the messaging-app user id, digits only (virtual bots derive theirs from a real one by
 * prefixing or incrementing its first digit, so they are digits too).
 */
export const BotIdSchema = z
  .string()
  .trim()
  .regex(/^\d{2,20}$/, 'errors.invalidBotId');
export type BotId = z.infer<typeof BotIdSchema>;

/** A bot id carried in a query string or body that the server must check the caller owns. */
export const UseridQuerySchema = z.object({ userid: BotIdSchema });

/** A bot id and a broker id in a query string (`?userid=…&brokerid=…`). */
export const UseridBrokerQuerySchema = z.object({
  userid: BotIdSchema,
  brokerid: z.coerce.number().int().min(0).max(23),
});

/** A bot id and a trader id in a query string. */
export const UseridTraderQuerySchema = z.object({
  userid: BotIdSchema,
  traderid: BotIdSchema,
});

/** Any broker id of the canonical list 0–23. */
export const BrokerIdSchema = z.literal(BROKER_IDS as readonly number[] as [number, ...number[]]);

/** A value picked from a fixed list of integer codes. */
export function oneOf<const T extends readonly number[]>(values: T) {
  return z.literal(values as unknown as [T[number], ...T[number][]]);
}

/** A non-negative finite number (stakes, multipliers, amounts). */
export const NonNegative = z.number().finite().min(0);
/** A non-negative integer (counts, levels). */
export const NonNegativeInt = z.number().int().min(0);

/** The answer of every save whose response SPEC does not show. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** A 0/1 flag, the wire form of the panel's checkboxes where SPEC sends numbers. */
export const FlagSchema = z.union([z.literal(0), z.literal(1)]);

/** A clock time `HH:MM` (24 h). Empty means "not set". */
export const ClockTimeSchema = z.union([
  z.literal(''),
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'errors.invalidTime'),
]);
