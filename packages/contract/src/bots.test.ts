import { describe, expect, it } from 'vitest';
import { BotIdSchema } from './common.ts';
import {
  botRemoveRefusal,
  isMessagingUserId,
  isVirtualBotIdOf,
  MESSAGING_ID_LIMIT,
  nextVirtualBotId,
  virtualBotIdCandidates,
} from './bots.ts';

describe('virtualBotIdCandidates', () => {
  it('prefixes 1–9 to the id padded to 16 digits', () => {
    expect(virtualBotIdCandidates('5123')).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((p) => `${p}${'5123'.padStart(16, '0')}`),
    );
  });

  it('never proposes an id a messaging-app user could hold (regression: the 7<id> squat)', () => {
    for (const source of ['10', '5123', '7123456789', String(MESSAGING_ID_LIMIT - 1)]) {
      for (const id of virtualBotIdCandidates(source)) {
        expect(isMessagingUserId(id), id).toBe(false);
        expect(BigInt(id) >= BigInt(MESSAGING_ID_LIMIT), id).toBe(true);
        expect(BotIdSchema.safeParse(id).success, id).toBe(true);
      }
    }
  });

  it('has no candidates for a 20-digit id, so every candidate is a valid bot id', () => {
    expect(virtualBotIdCandidates('1'.repeat(20))).toEqual([]);
    expect(virtualBotIdCandidates('1'.repeat(19))).toHaveLength(9);
  });

  it('never proposes the source id itself, and nothing for a non-numeric id', () => {
    expect(virtualBotIdCandidates('12')).not.toContain('12');
    expect(virtualBotIdCandidates('')).toEqual([]);
    expect(virtualBotIdCandidates('12a')).toEqual([]);
  });
});

describe('isMessagingUserId', () => {
  it('accepts digits below 2^52 without a leading zero', () => {
    expect(isMessagingUserId('5123')).toBe(true);
    expect(isMessagingUserId(String(MESSAGING_ID_LIMIT - 1))).toBe(true);
    expect(isMessagingUserId(String(MESSAGING_ID_LIMIT))).toBe(false);
    expect(isMessagingUserId('0123')).toBe(false);
    expect(isMessagingUserId('12a')).toBe(false);
  });
});

describe('isVirtualBotIdOf', () => {
  it('accepts a prefixed id of the source', () => {
    expect(isVirtualBotIdOf('1000000000005123', '5123')).toBe(false);
    expect(isVirtualBotIdOf('10000000000005123', '5123')).toBe(true);
    expect(isVirtualBotIdOf('90000000000005123', '5123')).toBe(true);
  });

  it('refuses the old same-length derivations and doubly-prefixed ids', () => {
    expect(isVirtualBotIdOf('15123', '5123')).toBe(false);
    expect(isVirtualBotIdOf('9123', '5123')).toBe(false);
    expect(isVirtualBotIdOf('5123', '5123')).toBe(false);
    expect(isVirtualBotIdOf('110000000000005123', '5123')).toBe(false);
  });
});

describe('nextVirtualBotId', () => {
  it('proposes the first candidate not taken', () => {
    expect(nextVirtualBotId('5123', [])).toBe('10000000000005123');
    expect(nextVirtualBotId('5123', ['10000000000005123', '20000000000005123'])).toBe(
      '30000000000005123',
    );
  });

  it('answers null when every candidate is taken', () => {
    expect(nextVirtualBotId('987', virtualBotIdCandidates('987'))).toBeNull();
  });
});

describe('botRemoveRefusal', () => {
  const now = 1_700_000_000;
  it('refuses a messaging-app bot with a paid expiry ahead', () => {
    expect(botRemoveRefusal({ virtual: false, botexp: now + 1 }, 3, now)).toBe('paidExpiry');
  });

  it('allows a messaging-app bot on its free trial (not paid), unless it is the last one', () => {
    expect(botRemoveRefusal({ virtual: false, botexp: now + 1, trial: true }, 2, now)).toBeNull();
    expect(botRemoveRefusal({ virtual: false, botexp: now + 1, trial: true }, 1, now)).toBe(
      'lastBot',
    );
  });

  it("refuses the account's last bot, even an expired or virtual one", () => {
    expect(botRemoveRefusal({ virtual: false, botexp: 0 }, 1, now)).toBe('lastBot');
    expect(botRemoveRefusal({ virtual: true, botexp: 0 }, 1, now)).toBe('lastBot');
  });

  it('allows a virtual bot (whatever its expiry) and an expired messaging-app bot', () => {
    expect(botRemoveRefusal({ virtual: true, botexp: now + 100 }, 2, now)).toBeNull();
    expect(botRemoveRefusal({ virtual: false, botexp: now }, 2, now)).toBeNull();
    expect(botRemoveRefusal({ virtual: false, botexp: 0 }, 2, now)).toBeNull();
  });
});
