import { z } from 'zod';
import { BotIdSchema, BrokerIdSchema, OkSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { FieldMsg, isEmailLike } from './field-checks.ts';
import { checkBrokerLogin } from './rules.ts';

/**
 * Broker credentials (SPEC §3): an e-mail and password login. Stored encrypted, never returned.
 * Like every secret field, a blank password keeps the stored one (refused when none is stored);
 * the card's Remove (`POST /brokerremove`) removes the login.
 */
export const BrokerLoginSchema = z.object({
  email: z.string().min(1).max(254).refine(isEmailLike, FieldMsg.email),
  password: z.string().max(256),
  userid: BotIdSchema,
  broker: BrokerIdSchema,
});
export type BrokerLogin = z.infer<typeof BrokerLoginSchema>;

/** The Deriv tokens a save may remove explicitly. */
export const DERIV_TOKEN_FIELDS = ['tokenDemo', 'tokenReal'] as const;

/**
 * Deriv's tokens (SPEC §3). Stored encrypted, never returned. One rule for every secret field: a
 * blank token keeps the stored one; `remove` names the stored tokens to delete (an explicit
 * action; a token typed in the same save replaces it instead), and removing the last one removes
 * Deriv.
 */
export const DerivTokensSchema = z.object({
  tokenDemo: z.string().max(256),
  tokenReal: z.string().max(256),
  userid: BotIdSchema,
  remove: z.array(z.enum(DERIV_TOKEN_FIELDS)).max(2).optional(),
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

/** "Conectar Deriv": the bot whose Deriv login the OAuth flow will store. */
export const DerivOAuthStartSchema = z.object({ userid: BotIdSchema });
/** Where the browser goes next: Deriv's authorization page (no secret in it: PKCE). */
export const DerivOAuthUrlSchema = z.object({ url: z.string() });
/** What Deriv sent back to the panel's redirect page: the one-time code and the state. */
export const DerivOAuthFinishSchema = z.object({
  userid: BotIdSchema,
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
});

export const brokersEndpoints = {
  derivOAuthStart: endpoint({
    method: 'POST',
    path: '/deriv/oauth/start',
    area: 'brokers',
    summary:
      'Not in SPEC §7. Starts "Conectar Deriv" (OAuth 2.0 authorization code with PKCE): the URL of Deriv\'s authorization page.',
    body: DerivOAuthStartSchema,
    response: DerivOAuthUrlSchema,
    owner: ownerBody,
  }),
  derivOAuthFinish: endpoint({
    method: 'POST',
    path: '/deriv/oauth/finish',
    area: 'brokers',
    summary:
      'Not in SPEC §7. Ends "Conectar Deriv": exchanges Deriv\'s code (with the PKCE verifier kept on the server) and stores the token encrypted.',
    body: DerivOAuthFinishSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
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
