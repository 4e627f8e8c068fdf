import { z } from 'zod';

/** One param of a robot message: plain values only (money in integer cents, codes as numbers). */
export const RobotMessageParamSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.number()).readonly(),
]);

/**
 * What the robot says to the trader — a command's reply today, the activity feed tomorrow: an
 * i18n key (`robot.reply.status`, `robot.event.…`) and plain params the panel formats in the
 * trader's language. Never prose, never a JSON string inside JSON.
 */
export const RobotMessageSchema = z.object({
  key: z.string().min(1),
  params: z.record(z.string(), RobotMessageParamSchema),
});
export type RobotMessage = z.infer<typeof RobotMessageSchema>;
export type RobotMessageParam = z.infer<typeof RobotMessageParamSchema>;
