import { z } from 'zod';
import { BotIdSchema, OkSchema } from './common.ts';
import { AUTH_ROUTES } from './auth-routes.ts';
import { endpoint } from './endpoint.ts';
import { checkLogin, MIN_PASSWORD_LENGTH, normalizePassword } from './rules.ts';

/** One entry of the browser's botIDs list (SPEC §3 "Session"). */
export const BotRefSchema = z.object({ userid: z.string(), traderid: z.string() });
export type BotRef = z.infer<typeof BotRefSchema>;

/**
 * What the panel may know about the logged-in account: ids and the e-mail for display, never the
 * password (DESIGN §5). `userid`/`traderid` name the account's first bot.
 */
export const SessionInfoSchema = z.object({
  email: z.string(),
  userid: z.string(),
  traderid: z.string(),
  botIDs: z.array(BotRefSchema),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3)
  .max(254)
  .email('register.errors.emailInvalid');

export const LoginBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(256),
  /** The old panel's client token; accepted and ignored. */
  uitoken: z.string().max(512).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  email: EmailSchema,
  /** Trimmed like at login ({@link normalizePassword}): one rule for both. */
  password: z
    .string()
    .transform(normalizePassword)
    .pipe(z.string().min(MIN_PASSWORD_LENGTH, 'register.errors.passwordShort').max(256)),
  userid: BotIdSchema,
  /** Equal to userid at registration (SPEC §3 "Registration"). */
  traderid: BotIdSchema.optional(),
  sellerid: z.string().trim().max(64).optional(),
  /** The old panel's fixed client token; accepted and ignored. */
  token: z.string().max(512).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** Changing the password: the current one proves it is the owner, not a borrowed session. */
export const PasswordChangeBodySchema = z.object({
  current: z.string().min(1, 'account.errors.currentRequired').max(256),
  /** The new password, trimmed like at registration ({@link normalizePassword}). */
  password: z
    .string()
    .transform(normalizePassword)
    .pipe(z.string().min(MIN_PASSWORD_LENGTH, 'register.errors.passwordShort').max(256)),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

export const authEndpoints = {
  botLogin: endpoint({
    ...AUTH_ROUTES.botLogin,
    area: 'auth',
    summary: 'Log in with e-mail and password; sets the session cookie.',
    body: LoginBodySchema,
    response: SessionInfoSchema,
    owner: null,
    rules: checkLogin,
    credential: true,
  }),
  botRegister: endpoint({
    ...AUTH_ROUTES.botRegister,
    area: 'auth',
    summary: 'Create an account and its first bot. 409 user_exist / bot_exist.',
    body: RegisterBodySchema,
    response: BotRefSchema,
    owner: null,
    credential: true,
  }),
  session: endpoint({
    ...AUTH_ROUTES.session,
    area: 'auth',
    summary: 'The logged-in account: e-mail and bot ids. 401 without a session.',
    response: SessionInfoSchema,
    owner: 'session',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    area: 'auth',
    summary: 'End the session.',
    response: OkSchema,
    owner: null,
  }),
  logoutAll: endpoint({
    method: 'POST',
    path: '/logoutall',
    area: 'auth',
    summary: 'End every session of the account (every device), this one too. Not in SPEC §7.',
    response: OkSchema,
    owner: 'session',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/password',
    area: 'auth',
    summary:
      'Change the password: the current one is required (401 auth.errors.invalidCredentials); every other session of the account ends. Not in SPEC §7.',
    body: PasswordChangeBodySchema,
    response: OkSchema,
    owner: 'session',
    credential: true,
  }),
};
