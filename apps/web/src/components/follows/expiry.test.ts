import { describe, expect, it } from 'vitest';
import {
  dateInputToExpiry,
  expiryToDateInput,
  formatExpiryDate,
  formatExpiryDateTime,
} from './expiry.ts';

describe('follower expiry', () => {
  it('writes dd/mm/yyyy (and hh:mm) in local time, and null for 0 or less', () => {
    const sec = new Date(2026, 11, 31, 23, 59, 59).getTime() / 1000;
    expect(formatExpiryDate(sec)).toBe('31/12/2026');
    expect(formatExpiryDateTime(sec)).toBe('31/12/2026 23:59');
    expect(formatExpiryDate(0)).toBeNull();
    expect(formatExpiryDateTime(-5)).toBeNull();
  });

  it('reads a picked day as its last second, local time, and back', () => {
    const sec = dateInputToExpiry('2026-02-28');
    expect(sec).toBe(new Date(2026, 1, 28, 23, 59, 59).getTime() / 1000);
    expect(expiryToDateInput(sec ?? 0)).toBe('2026-02-28');
    expect(expiryToDateInput(0)).toBe('');
  });

  it('refuses what is not a calendar day', () => {
    for (const text of ['', '2026-02-30', '2026-13-01', '31/12/2026', 'amanhã']) {
      expect(dateInputToExpiry(text)).toBeNull();
    }
  });
});
