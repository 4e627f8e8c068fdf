import { AccountType } from '@app/contract';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { robotTexts, TARGET } from '../../../../../scripts/robot-texts.mjs';
import { robotText } from './robot-text.ts';

describe('robot texts in the chat', () => {
  it('are the panel catalogues’ texts (run node scripts/robot-texts.mjs when this fails)', () => {
    expect(JSON.parse(readFileSync(TARGET as URL, 'utf8'))).toEqual(robotTexts());
  });

  it('word a reply like the panel: money, codes and context variants', () => {
    expect(
      robotText('en-US', {
        key: 'robot.reply.liquidity',
        params: { accountType: AccountType.demo, balanceCents: 123456, profitCents: -250 },
      }),
    ).toBe('Demo account · balance: 1,234.56 · result: -2.50');
    expect(
      robotText('pt-BR', { key: 'robot.reply.on', params: { ok: false, reason: 'order_open' } }),
    ).toBe('Robô não ligado: há uma ordem aberta.');
  });
});
