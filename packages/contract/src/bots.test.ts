import { describe, expect, it } from 'vitest';
import { BotIdSchema } from './common.ts';
import {
  botRemoveRefusal,
  isVirtualBotIdOf,
  nextVirtualBotId,
  virtualBotIdCandidates,
} from './bots.ts';

describe('virtualBotIdCandidates', () => {
  it('prefixes 1–9 first, then increments the first digit up to 9', () => {
    expect(virtualBotIdCandidates('5123')).toEqual([
      '15123',
      '25123',
      '35123',
      '45123',
      '55123',
      '65123',
      '75123',
      '85123',
      '95123',
      '6123',
      '7123',
      '8123',
      '9123',
    ]);
  });

  it('has no increments when the first digit is 9', () => {
    expect(virtualBotIdCandidates('987')).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((p) => `${p}987`),
    );
  });

  it('has no prefixes for a 20-digit id, so every candidate is a valid bot id', () => {
    const longest = '1'.repeat(20);
    expect(virtualBotIdCandidates(longest)).toHaveLength(8);
    for (const id of [...virtualBotIdCandidates(longest), ...virtualBotIdCandidates('10')]) {
      expect(BotIdSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it('never proposes the source id itself, and nothing for a non-numeric id', () => {
    expect(virtualBotIdCandidates('12')).not.toContain('12');
    expect(virtualBotIdCandidates('')).toEqual([]);
    expect(virtualBotIdCandidates('12a')).toEqual([]);
  });
});

describe('isVirtualBotIdOf', () => {
  it('accepts a prefixed or incremented id of the source', () => {
    expect(isVirtualBotIdOf('15123', '5123')).toBe(true);
    expect(isVirtualBotIdOf('9123', '5123')).toBe(true);
  });

  it('refuses a decremented, unrelated or doubly-prefixed id', () => {
    expect(isVirtualBotIdOf('4123', '5123')).toBe(false);
    expect(isVirtualBotIdOf('5124', '5123')).toBe(false);
    expect(isVirtualBotIdOf('115123', '5123')).toBe(false);
    expect(isVirtualBotIdOf('5123', '5123')).toBe(false);
  });
});

describe('nextVirtualBotId', () => {
  it('proposes the first candidate not taken', () => {
    expect(nextVirtualBotId('5123', [])).toBe('15123');
    expect(nextVirtualBotId('5123', ['15123', '25123'])).toBe('35123');
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
