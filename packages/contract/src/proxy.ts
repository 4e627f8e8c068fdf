import { z } from 'zod';
import { BotIdSchema, OkSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkProxy } from './rules.ts';

/**
 * Proxy (SPEC §3): address, port as a number, login, password (encrypted at rest, never returned).
 * Values are trimmed (SPEC §5). The password is never shown back, so an empty password keeps the
 * stored one (a trader re-saving the port must not lose it); an empty address turns the proxy off
 * and forgets the password with it.
 */
export const ProxySchema = z.object({
  ip: z.string().trim().max(253),
  porta: z.number().int().min(0).max(65_535),
  login: z.string().trim().max(128),
  password: z.string().trim().max(256),
  userid: BotIdSchema,
});
export type Proxy = z.infer<typeof ProxySchema>;

/** What a read returns: the proxy without its password. */
export const ProxyReadSchema = ProxySchema.omit({ password: true }).extend({
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
