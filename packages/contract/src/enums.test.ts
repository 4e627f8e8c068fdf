import { describe, expect, it } from 'vitest';
import {
  BROKER_CONFIG_CARDS,
  BROKER_IDS,
  BROKERS,
  CHANNEL_SIGNAL_TYPE_TIMING,
  FOLLOWER_COPY_BROKER_OPTIONS,
  META_FOLLOWER_BROKER_OPTIONS,
  RECOVERY_FACTOR_PCT,
  TRADER_BROKER_OPTIONS,
  BOT_COMMANDS,
  BOT_COMMAND_CODES,
  supportedLanguage,
} from './enums.ts';
import {
  BRL_PLANS,
  CUSTOM_PLAN_DAYS,
  customPlanPriceCents,
  DEFAULT_CURRENCY,
  METHOD_CURRENCIES,
  plansFor,
  USD_PLANS,
} from './buy-robot.ts';

describe('brokers', () => {
  it('has one canonical list 0–23 where 7 is Avalon and 23 is Mango', () => {
    expect(BROKER_IDS).toHaveLength(24);
    expect(BROKERS[7]).toBe('Avalon');
    expect(BROKERS[23]).toBe('Mango');
  });

  it('offers 15 options on trader screens, 13 on the MetaCopy follower card, 19 on the copy card', () => {
    expect(TRADER_BROKER_OPTIONS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(META_FOLLOWER_BROKER_OPTIONS).toHaveLength(13);
    expect(FOLLOWER_COPY_BROKER_OPTIONS.slice(15)).toEqual([15, 16, 17, 18]);
  });

  it('lists the 22 broker cards in SPEC order, Deriv with tokens and OlympTrade untrimmed', () => {
    expect(BROKER_CONFIG_CARDS.map((c) => c.name)).toEqual([
      'IQ option',
      'Quotex',
      'Pocket Option',
      'Exnova',
      'Deriv',
      'Binolla',
      'Binomo',
      'Stockity',
      'OlympTrade',
      'Bullex',
      'Capital Bear',
      'DayProfit',
      'Broker10',
      'Pixtrade',
      'Polarium',
      'HomeBroker',
      'Avalon',
      'CasaTrader',
      'AtriunBroker',
      'Mango',
      'Optgo',
      'Optinary',
    ]);
    expect(BROKER_CONFIG_CARDS.filter((c) => c.kind === 'token').map((c) => c.broker)).toEqual([2]);
    expect(BROKER_CONFIG_CARDS.filter((c) => !c.trim).map((c) => c.name)).toEqual(['OlympTrade']);
    expect(new Set(BROKER_CONFIG_CARDS.map((c) => c.broker)).size).toBe(22);
  });
});

describe('other enumerations', () => {
  it('maps the channel card signal types 1–6 onto entry timings', () => {
    expect(CHANNEL_SIGNAL_TYPE_TIMING).toEqual({ 1: 7, 2: 8, 3: 6, 4: 4, 5: 5, 6: 9 });
  });

  it('maps recovery factor codes to percentages', () => {
    expect(Object.values(RECOVERY_FACTOR_PCT)).toEqual([0, 100, 50, 40, 25, 20, 15, 10, 5]);
  });

  it('has the 16 bot commands in SPEC order', () => {
    expect(BOT_COMMAND_CODES).toHaveLength(16);
    expect(BOT_COMMANDS[1]).toBe('on');
    expect(BOT_COMMANDS[16]).toBe('liquidity');
  });
});

describe('plans', () => {
  it('offers 11 BRL plans and 9 USD plans with SPEC prices', () => {
    expect(BRL_PLANS).toHaveLength(11);
    expect(USD_PLANS).toHaveLength(9);
    expect(BRL_PLANS.find((p) => p.bots === 1 && p.days === 180)?.priceCents).toBe(35000);
    expect(USD_PLANS.find((p) => p.bots === 4 && p.days === 90)?.priceCents).toBe(7000);
  });

  it('uses the USD list for crypto and for the card provider in usd', () => {
    expect(plansFor('crypto', 'brl')).toBe(USD_PLANS);
    expect(plansFor('card', 'usd')).toBe(USD_PLANS);
    expect(plansFor('card', 'brl')).toBe(BRL_PLANS);
    expect(plansFor('regional', 'brl')).toBe(BRL_PLANS);
  });

  it('prices a custom plan per bot per 30 days from the largest 30-day plan', () => {
    // R$120 / 4 bots = R$30 per bot per 30 days; US$24 / 4 = US$6.
    expect(customPlanPriceCents('brl', 5, 30)).toBe(15000);
    expect(customPlanPriceCents('brl', 5, 90)).toBe(45000);
    expect(customPlanPriceCents('brl', 7, 120)).toBe(84000);
    expect(customPlanPriceCents('usd', 5, 60)).toBe(6000);
    expect(CUSTOM_PLAN_DAYS.map((d) => customPlanPriceCents('usd', 10, d))).toEqual([
      6000, 12000, 18000, 24000,
    ]);
  });

  it('sells crypto in USDT only', () => {
    expect(METHOD_CURRENCIES.crypto).toEqual(['usd']);
    expect(DEFAULT_CURRENCY.crypto).toBe('usd');
  });
});

describe('supportedLanguage', () => {
  it('maps a tag onto our language of the same tag, else of the same base language', () => {
    expect(supportedLanguage('pt-br')).toBe('pt-BR');
    expect(supportedLanguage('pt')).toBe('pt-BR');
    expect(supportedLanguage('pt-PT')).toBe('pt-BR');
    expect(supportedLanguage('en-GB')).toBe('en-US');
    expect(supportedLanguage('ES-mx')).toBe('es-ES');
    expect(supportedLanguage('fr-FR')).toBeNull();
    expect(supportedLanguage('')).toBeNull();
  });
});
