import { z } from 'zod';
import { BotIdSchema, OkSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { FieldMsg, isHost } from './field-checks.ts';
import { checkProxy } from './rules.ts';

/**
 * Proxy (SPEC §3): address, port as a number, login, password (encrypted at rest, never returned).
 * Values are trimmed (SPEC §5). One rule for every secret field: an empty password keeps the
 * stored one (a trader re-saving the port must not lose it); `remove: ['password']` deletes it
 * (an explicit action; a password typed in the same save replaces it instead). An empty address turns the proxy off and forgets the password with it.
 */
export const ProxySchema = z.object({
  /** Empty (no proxy), a host name or an IP address ("not a host!!" used to be accepted). */
  ip: z
    .string()
    .trim()
    .max(253)
    .refine((ip) => ip === '' || isHost(ip), FieldMsg.host),
  porta: z.number().int().min(0).max(65_535),
  login: z.string().trim().max(128),
  password: z.string().trim().max(256),
  userid: BotIdSchema,
  remove: z.array(z.literal('password')).max(1).optional(),
});
export type Proxy = z.infer<typeof ProxySchema>;

/** What a read returns: the proxy without its password. */
export const ProxyReadSchema = ProxySchema.omit({ password: true, remove: true }).extend({
  // What was stored, even before addresses were checked: a read never fails on it.
  ip: z.string(),
  hasPassword: z.boolean(),
});
export type ProxyRead = z.infer<typeof ProxyReadSchema>;

/** The proxy of a bot with nothing saved: none (empty address, port 0). */
export function defaultProxy(userid: string): ProxyRead {
  return { ip: '', porta: 0, login: '', userid, hasPassword: false };
}

export const proxyEndpoints = {
  saveProxy: endpoint({
    method: 'POST',
    path: '/proxyparams',
    area: 'proxy',
    summary: "Save the bot's proxy (password encrypted at rest).",
    body: ProxySchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkProxy,
  }),
  getProxy: endpoint({
    method: 'GET',
    path: '/proxyparams',
    area: 'proxy',
    summary:
      "The bot's proxy without its password. Not in SPEC §7: the form reads back what was saved.",
    query: UseridQuerySchema,
    response: ProxyReadSchema,
    owner: ownerQuery,
  }),
};
