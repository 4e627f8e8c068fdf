import {
  ACTIVITY_KINDS,
  CHART_RANGES,
  LANGUAGES,
  LATENCY_STAGES,
  ORDER_FAIL_REASONS,
  ORDER_STATES,
  TRADING_ACTIVITY_KEYS,
  TRADING_REFUSAL_REASONS,
  type RobotMessage,
} from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { messageText } from './message.ts';

const STRATEGY_NAMES = [
  'none',
  'martingale',
  'soros',
  'masaniello',
  'cycles',
  'customCycles',
  'lossRecovery',
];

const say = (message: RobotMessage) =>
  messageText(i18n.t.bind(i18n), i18n.language, message, 'FALLBACK');

describe('trading texts', () => {
  afterAll(() => i18n.changeLanguage('pt-BR'));

  it.each(LANGUAGES)('has every refusal, feed line, order state, stage and range in %s', (lng) => {
    const keys = [
      ...TRADING_REFUSAL_REASONS.map((code) => `robot.refusal.${code}`),
      ...ORDER_FAIL_REASONS.map((code) => `robot.order.${code}`),
      ...TRADING_ACTIVITY_KEYS,
      ...STRATEGY_NAMES.map((name) => `robot.step.${name}`),
      ...ORDER_STATES.map((state) => `trading.orders.state.${state}`),
      ...ACTIVITY_KINDS.map((kind) => `trading.activity.kind.${kind}`),
      ...LATENCY_STAGES.map((stage) => `trading.latency.stages.${stage}`),
      ...CHART_RANGES.map((range) => `trading.chart.range.${range}`),
    ];
    expect(keys.filter((key) => !i18n.exists(key, { lng, fallbackLng: false }))).toEqual([]);
  });
});

describe('messageText', () => {
  it('formats money, directions and the entry variant in the language', async () => {
    await i18n.changeLanguage('pt-BR');
    const open = {
      key: 'robot.activity.orderOpen',
      params: { asset: 'EURUSD', direction: 'PUT', stakeCents: 123_456, galeLevel: 0 },
    };
    expect(say(open)).toBe('Ordem aberta: EURUSD Venda (PUT), 1.234,56, entrada.');
    expect(say({ ...open, params: { ...open.params, galeLevel: 2 } })).toBe(
      'Ordem aberta: EURUSD Venda (PUT), 1.234,56, gale 2.',
    );
    await i18n.changeLanguage('es-ES');
    // Spanish groups thousands only from five digits on.
    expect(say(open)).toBe('Orden abierta: EURUSD Venta (PUT), 1234,56, entrada.');
  });

  it("translates a reason from whichever stage gave it: a stop, a broker's answer, a plan", async () => {
    await i18n.changeLanguage('en-US');
    expect(say({ key: 'robot.activity.stopped', params: { reason: 'stop_loss' } })).toBe(
      'Robot stopped: stop loss.',
    );
    expect(
      say({ key: 'robot.activity.orderFailed', params: { asset: 'EURUSD', reason: 'timeout' } }),
    ).toBe('Order on EURUSD failed: the broker did not answer in time.');
    expect(
      say({ key: 'robot.notify.cycleEnd', params: { reason: 'target', capitalCents: 11_058 } }),
    ).toBe('Plan closed: target reached · capital 110.58.');
  });

  it('says "reason not given" for an unknown code and the fallback for an unknown key', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(
      say({ key: 'robot.activity.orderFailed', params: { asset: 'EURUSD', reason: 'xyz' } }),
    ).toBe('Ordem em EURUSD falhou: motivo não informado.');
    expect(say({ key: 'robot.activity.brandNew', params: {} })).toBe('FALLBACK');
  });
});
