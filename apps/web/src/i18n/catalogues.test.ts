import {
  ACCOUNT_TYPES,
  BOT_COMMAND_CODES,
  BROKER_IDS,
  CANDLE_COLORS,
  CHANNEL_SIGNAL_TYPES,
  CHANNEL_STRATEGIES,
  DOUBT_REASONS,
  ErrorCode,
  FOLLOWER_COPY_SIGNAL_TYPES,
  FOLLOWER_LOTE_TYPES,
  FieldMsg,
  FieldProblem,
  LANGUAGES,
  LOGIN_METHODS,
  LOTE_TYPES,
  META_SIGNAL_TYPES,
  Msg,
  OPER_TYPES,
  OPERATION_TYPES,
  OPTION_TYPES,
  STOP_TYPES,
  rangeKey,
  STRATEGIES,
  TRADER_CONFIG_SIGNAL_TYPES,
  TRADER_MODES,
} from '@app/contract';
import { SESSION_REPLY_KEYS, type VocabularyErrorCode } from '@app/robot';
import { describe, expect, it } from 'vitest';
import { VOCABULARY_KINDS, VOCABULARY_POSITIONS } from '../features/channels/vocabulary-form.ts';
import { catalogues } from '../test/all-catalogues.ts';

function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      for (const [k, v] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

function leaves(node: unknown): string[] {
  return typeof node === 'string' ? [node] : Object.values(node as object).flatMap(leaves);
}

/** Every enum shown on a built screen, by its `enums.<name>` key. */
const SCREEN_ENUMS: Record<string, readonly number[]> = {
  accType: ACCOUNT_TYPES,
  optionType: OPTION_TYPES,
  loteType: LOTE_TYPES,
  stopType: STOP_TYPES,
  strategy: STRATEGIES,
  traderMode: TRADER_MODES,
  loginMethod: LOGIN_METHODS,
  operationType: OPERATION_TYPES,
  broker: BROKER_IDS,
  botCommand: BOT_COMMAND_CODES,
  channelSignalType: CHANNEL_SIGNAL_TYPES,
  operType: OPER_TYPES,
  channelStrategy: CHANNEL_STRATEGIES,
  signalType: [
    ...new Set([
      ...TRADER_CONFIG_SIGNAL_TYPES,
      ...META_SIGNAL_TYPES,
      ...FOLLOWER_COPY_SIGNAL_TYPES,
    ]),
  ],
  candleColor: CANDLE_COLORS,
  followerLoteType: FOLLOWER_LOTE_TYPES,
  vocabularyKind: VOCABULARY_KINDS,
  vocabularyPosition: VOCABULARY_POSITIONS,
};

/**
 * Every reason the reader refuses a taught entry with (packages/robot `VocabularyErrorCode`),
 * shown as `vocabulary.errors.<code>`, and why a token was not understood.
 */
const VOCABULARY_ERRORS = [
  'notAList',
  'tooMany',
  'notAnEntry',
  'unknownMeaning',
  'unknownField',
  'emptyWord',
  'tooLong',
  'numericWord',
  'duplicate',
  'contradictsLexicon',
  'badValue',
] as const satisfies readonly VocabularyErrorCode[];

/**
 * Every reason the reader gives for a line it did not take (packages/robot `RejectionReason`,
 * with the parser's `cancelled` and `invalid_time`), shown as `signals.reasons.<reason>`.
 */
const REJECTION_REASONS = [
  'empty',
  'ignored',
  'filtered',
  'result_post',
  'no_asset',
  'no_direction',
  'too_late',
  'too_far',
  'duplicate',
  'cancelled',
  'invalid_time',
  'no_time',
  'price_order',
  'doubtful',
] as const;

const flat = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(catalogues[lng])]));
const reference = flat['pt-BR']!;

describe('catalogues', () => {
  it.each(LANGUAGES)('%s has exactly the keys of pt-BR', (lng) => {
    expect([...flat[lng]!.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each(LANGUAGES)('%s holds only strings', (lng) => {
    for (const value of flat[lng]!.values()) expect(typeof value).toBe('string');
  });

  it.each(LANGUAGES)('%s has a text for every message key of the contract rules', (lng) => {
    for (const key of leaves(Msg)) expect(flat[lng]!.get(key), key).toMatch(/\S/);
  });

  it.each(LANGUAGES)('%s has a text for every field problem and range of the contract', (lng) => {
    const ranges = [{}, { min: 0 }, { max: 1 }, { min: 0, max: 1 }].flatMap((limits) => [
      rangeKey(limits),
      rangeKey({ ...limits, integer: true }),
    ]);
    const keys = [
      'errors.invalidValue',
      ...Object.values(FieldMsg),
      ...Object.values(FieldProblem),
      ...ranges.filter((key) => key !== null),
    ];
    for (const key of keys) expect(flat[lng]!.get(key), key).toMatch(/\S/);
  });

  it.each(LANGUAGES)('%s has a text for every error code of the contract', (lng) => {
    for (const code of Object.values(ErrorCode)) expect(flat[lng]!.get(code), code).toMatch(/\S/);
  });

  it.each(LANGUAGES)('%s has a label for every value of every enum shown', (lng) => {
    for (const [name, values] of Object.entries(SCREEN_ENUMS)) {
      for (const value of values) {
        expect(flat[lng]!.get(`enums.${name}.${value}`), `${name}.${value}`).toMatch(/\S/);
      }
    }
  });

  it.each(LANGUAGES)('%s has a text for every reason a signal line is rejected', (lng) => {
    for (const reason of REJECTION_REASONS) {
      expect(flat[lng]!.get(`signals.reasons.${reason}`), reason).toMatch(/\S/);
    }
  });

  it.each(LANGUAGES)('%s has a text for every refusal of a taught word and every doubt', (lng) => {
    for (const code of VOCABULARY_ERRORS) {
      expect(flat[lng]!.get(`vocabulary.errors.${code}`), code).toMatch(/\S/);
    }
    for (const reason of DOUBT_REASONS) {
      expect(flat[lng]!.get(`vocabulary.doubtReason.${reason}`), reason).toMatch(/\S/);
    }
  });

  it.each(LANGUAGES)('%s has a text for every reply the robot can give a command', (lng) => {
    // robot.reply.failed is the runtime's own: the command threw before the session answered.
    for (const key of [...SESSION_REPLY_KEYS, 'robot.reply.failed']) {
      expect(flat[lng]!.get(key), key).toMatch(/\S/);
    }
  });

  it('pt-BR keeps SPEC texts with spelling fixed', () => {
    expect(reference.get('errors.invalidParams')).toBe('Parâmetros inválidos');
    expect(reference.get('masaniello.errors.mainZero')).toBe(
      'Parâmetros principais não podem ser 0',
    );
    expect(reference.get('auth.errors.fillCorrectly')).toBe('Favor insira os dados corretamente!!');
    expect(reference.get('register.errors.userExist')).toBe('Email já cadastrado');
  });
});
