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
    /** Values the translated text needs (`{ seconds: 30 }` for a flood wait). */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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
  verifyLimited: 'bots.errors.verifyLimited',
  tooManyPending: 'bots.errors.tooManyPending',
  virtualSourceUnverified: 'bots.errors.sourceUnverified',
  channelsTraderOnlySave: 'channels.errors.traderOnlySave',
  channelsTraderOnlyRemove: 'channels.errors.traderOnlyRemove',
  channelsNotTrader: 'channels.errors.notTrader',
  channelsUnknown: 'channels.errors.unknownChannel',
  copyRoomsNotAccepted: 'copyRooms.errors.notAccepted',
  phoneInvalid: 'phone.errors.invalid',
  phoneCodeFormat: 'phone.errors.code',
  phoneNotConfigured: 'phone.errors.notConfigured',
  phoneNoPendingCode: 'phone.errors.noPendingCode',
  phoneCodeInvalid: 'phone.errors.codeInvalid',
  phoneCodeExpired: 'phone.errors.codeExpired',
  phonePasswordRequired: 'phone.errors.passwordRequired',
  phonePasswordInvalid: 'phone.errors.passwordInvalid',
  phoneFloodWait: 'phone.errors.floodWait',
  phoneBanned: 'phone.errors.banned',
  phoneNoAccount: 'phone.errors.noAccount',
  phoneFailed: 'phone.errors.failed',
  phoneUnreachable: 'phone.errors.unreachable',
  inboxNameTaken: 'inbox.errors.nameTaken',
  inboxUnknownChannel: 'inbox.errors.unknownChannel',
  followUnknownTrader: 'copyTrader.follow.errors.unknownTrader',
  followSelf: 'copyTrader.follow.errors.self',
  followAlreadyRequested: 'copyTrader.follow.errors.alreadyRequested',
  followAlreadyAnswered: 'copyTrader.follow.errors.alreadyAnswered',
  realPasswordRequired: 'realMoney.errors.passwordRequired',
  realPasswordWrong: 'realMoney.errors.passwordWrong',
  realSimulatorOnly: 'realMoney.errors.simulatorOnly',
  realNoCredentials: 'realMoney.errors.noCredentials',
  derivOAuthOff: 'derivOAuth.errors.off',
  derivOAuthState: 'derivOAuth.errors.state',
  derivOAuthRefused: 'derivOAuth.errors.refused',
  derivOAuthNoPublicUrl: 'derivOAuth.errors.noPublicUrl',
  pendingEntriesGone: 'pendingEntries.gone',
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
  'bots.errors.verifyLimited':
    'Too many codes tried for this ID. Try again later, or verify with the Telegram button.',
  'bots.errors.tooManyPending':
    'This account already has 10 bots waiting for verification. Verify or remove one first.',
  'bots.errors.sourceUnverified':
    'A virtual bot is derived only from a verified Telegram bot of this account. Verify it first.',
  'channels.errors.traderOnlySave': 'Only a trader can update or save the channel list.',
  'channels.errors.traderOnlyRemove': 'Only a trader can remove rooms.',
  'channels.errors.notTrader': "Only the channel's trader can change these settings.",
  'channels.errors.unknownChannel': 'This channel is not in the chat list.',
  'copyRooms.errors.notAccepted':
    'No trader with this ID has accepted this robot. Ask to follow the trader first and wait for the answer.',
  'phone.errors.invalid': 'Enter the phone in international format, e.g. +5511999998888.',
  'phone.errors.code': 'Enter the code the messaging app sent (digits only).',
  'phone.errors.notConfigured': 'The messaging app is not configured on this server.',
  'phone.errors.noPendingCode': 'Send the phone number first.',
  'phone.errors.codeInvalid': 'Wrong code.',
  'phone.errors.codeExpired': 'The code expired. Send the phone number again.',
  'phone.errors.passwordRequired': 'This account has a password (two-step verification): enter it.',
  'phone.errors.passwordInvalid': 'Wrong password.',
  'phone.errors.floodWait': 'Too many attempts. Wait {{seconds}} seconds and try again.',
  'phone.errors.banned': 'This phone number is banned by the messaging app.',
  'phone.errors.noAccount':
    'This phone number has no Telegram account. Create one in the app first.',
  'phone.errors.failed': 'The messaging app refused the request. Try again.',
  'phone.errors.unreachable':
    'Telegram cannot be reached from the server right now. Try again in a few minutes.',
  'inbox.errors.nameTaken': 'A channel with this name already exists.',
  'inbox.errors.unknownChannel': 'This local channel does not exist.',
  'copyTrader.follow.errors.unknownTrader': 'No robot has this trader ID.',
  'copyTrader.follow.errors.self': 'A robot cannot follow itself.',
  'copyTrader.follow.errors.alreadyRequested':
    'This robot already asked to follow that trader (see the state of your requests).',
  'copyTrader.follow.errors.alreadyAnswered': 'This request was already answered.',
  'realMoney.errors.passwordRequired':
    'Switching to Real moves real money: enter your account password to confirm.',
  'realMoney.errors.passwordWrong': 'The password is incorrect: Real was not switched on.',
  'realMoney.errors.simulatorOnly':
    'This broker is simulator only here: the robot cannot trade real money at it. Pick a broker marked "real trading".',
  'derivOAuth.errors.off':
    'Connecting with Deriv is not set up on this server: paste a personal access token instead.',
  'derivOAuth.errors.state':
    'This Deriv connection expired or was started elsewhere: press "Connect Deriv" again.',
  'derivOAuth.errors.noPublicUrl':
    "Connecting with Deriv needs the server's public address (PUBLIC_URL), which this server does not have: paste a personal access token instead.",
  'derivOAuth.errors.refused':
    'Deriv did not confirm the connection: press "Connect Deriv" again, or paste a personal access token.',
  'pendingEntries.gone': 'This entry was already decided or cancelled.',
  'realMoney.errors.noCredentials':
    "Save the real account's login on this broker's card first (Brokers page); without it the robot would trade on the simulator.",
};
