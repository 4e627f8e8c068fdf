import { z } from 'zod';
import { FieldLimitsSchema } from './field-limits.ts';

/**
 * The one error envelope of every `/api` answer that is not a success (DESIGN §3). `code` is a
 * stable i18n key that the panel translates; `message` is a readable English fallback; `fields`
 * maps a wire field name to the i18n key of its problem; `limits` gives, for a number field in
 * `fields`, the range it takes (so "above the maximum" can say "0 to 100").
 */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    limits: z.record(z.string(), FieldLimitsSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Codes of errors that are not validation messages of SPEC §5. */
export const ErrorCode = {
  invalidInput: 'errors.invalidInput',
  invalidParams: 'errors.invalidParams',
  unauthenticated: 'errors.unauthenticated',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  rateLimited: 'errors.rateLimited',
  notImplemented: 'errors.notImplemented',
  badOrigin: 'errors.badOrigin',
  internal: 'errors.internal',
  invalidCredentials: 'auth.errors.invalidCredentials',
  userExist: 'register.errors.userExist',
  botExist: 'register.errors.botExist',
  registerFailed: 'register.errors.failed',
  cannotRemoveBot: 'bots.errors.cannotRemove',
  badCode: 'bots.errors.badCode',
  codeExpired: 'bots.errors.codeExpired',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Readable English fallbacks for the codes above, used as the envelope's `message`. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  'errors.invalidInput': 'Some fields are invalid.',
  'errors.invalidParams': 'Invalid parameters.',
  'errors.unauthenticated': 'Log in to continue.',
  'errors.forbidden': 'This robot does not belong to your account.',
  'errors.notFound': 'Not found.',
  'errors.rateLimited': 'Too many attempts. Try again later.',
  'errors.notImplemented': 'This function is not available yet.',
  'errors.badOrigin': 'Request refused: it did not come from this site.',
  'errors.internal': 'Something went wrong on our side.',
  'auth.errors.invalidCredentials': 'E-mail or password is incorrect.',
  'register.errors.userExist': 'E-mail already registered.',
  'register.errors.botExist': 'ID already registered.',
  'register.errors.failed': 'Registration failed.',
  'bots.errors.cannotRemove':
    "This bot cannot be removed: it has a paid subscription ahead or it is the account's only bot.",
  'bots.errors.badCode': 'That is not the code we sent.',
  'bots.errors.codeExpired': 'This code has expired. Ask for a new one.',
};
