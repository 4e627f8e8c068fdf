import { z } from 'zod';
import { BotIdSchema, BrokerIdSchema, OkSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkBrokerLogin } from './rules.ts';

/** Broker credentials (SPEC §3): an e-mail and password login. Stored encrypted, never returned. */
export const BrokerLoginSchema = z.object({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(256),
  userid: BotIdSchema,
  broker: BrokerIdSchema,
});
export type BrokerLogin = z.infer<typeof BrokerLoginSchema>;

/**
 * Deriv's tokens (SPEC §3). Stored encrypted, never returned. The form sends both; an empty one
 * removes that token (there is no other way to drop a single token), both empty remove Deriv.
 */
export const DerivTokensSchema = z.object({
  tokenDemo: z.string().max(256),
  tokenReal: z.string().max(256),
  userid: BotIdSchema,
});
export type DerivTokens = z.infer<typeof DerivTokensSchema>;

/** What the panel may see of stored credentials: whether they exist, never the secret. */
export const StoredCredentialSchema = z.object({
  broker: BrokerIdSchema,
  email: z.string(),
  hasPassword: z.boolean(),
  hasTokenDemo: z.boolean(),
  hasTokenReal: z.boolean(),
});
export type StoredCredential = z.infer<typeof StoredCredentialSchema>;

export const brokersEndpoints = {
  saveBrokerLogin: endpoint({
    method: 'POST',
    path: '/brokerdata',
    area: 'brokers',
    summary: 'Save a broker login (encrypted at rest); Deriv (2) uses /binarydata, 0 is refused.',
    body: BrokerLoginSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkBrokerLogin,
  }),
  saveDerivTokens: endpoint({
    method: 'POST',
    path: '/binarydata',
    area: 'brokers',
    summary: "Save Deriv's demo and real tokens (encrypted at rest).",
    body: DerivTokensSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
  listBrokerLogins: endpoint({
    method: 'GET',
    path: '/brokerdata',
    area: 'brokers',
    summary:
      'Which brokers have stored credentials (never the secrets). Not in SPEC §7: the cards need it.',
    query: UseridQuerySchema,
    response: z.array(StoredCredentialSchema),
    owner: ownerQuery,
  }),
  removeBrokerLogin: endpoint({
    method: 'POST',
    path: '/brokerremove',
    area: 'brokers',
    summary: 'Remove the stored credentials of one broker. Not in SPEC §7: the cards need it.',
    body: z.object({ userid: BotIdSchema, broker: BrokerIdSchema }),
    response: OkSchema,
    owner: ownerBody,
  }),
};
