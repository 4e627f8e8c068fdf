import { describe, expect, it } from 'vitest';
import {
  checkBotCommand,
  checkBrokerLogin,
  checkBuyRobot,
  checkChannelCard,
  checkCopyRequest,
  checkCopyRooms,
  checkFollowerStake,
  checkCreateBot,
  checkCycles,
  checkGlobalParams,
  checkLogin,
  checkLossRecovery,
  checkMasaniello,
  checkMasanielloPlan,
  checkProxy,
  checkRecoveryParams,
  checkReaderParams,
  checkRegistration,
  checkSoros,
  checkTraderConfig,
  isValidCpf,
  Msg,
} from './rules.ts';

const validGlobal = {
  lote: 2,
  galenum: 1,
  galefat: 2,
  stopWin: 10,
  stopLoss: 10,
  payout: 80,
  strategySel: 1,
  optionType: 1,
  brokerID: 1,
  loteType: 1,
  stopType: 1,
};

describe('checkLogin', () => {
  it.each([
    ['both empty', { email: '', password: '' }],
    ['e-mail blank after trimming', { email: '   ', password: 'secret' }],
    ['password blank after trimming', { email: 'a@b.co', password: '  ' }],
    ['fields missing', {}],
  ])('asks for the data when %s', (_, values) => {
    expect(checkLogin(values)).toEqual({ key: Msg.login.fillCorrectly });
  });

  it('passes when both are present', () => {
    expect(checkLogin({ email: ' a@b.co ', password: 'x' })).toBeNull();
  });
});

describe('checkRegistration', () => {
  it('reports every empty field with its own message', () => {
    expect(checkRegistration({})).toEqual({
      email: Msg.register.emailEmpty,
      password: Msg.register.passwordEmpty,
      confirmPassword: Msg.register.confirmMismatch,
      userid: Msg.register.useridEmpty,
    });
  });

  it('gives the messaging id its own "required" message, not the confirm-password text', () => {
    expect(checkRegistration({ userid: '' }).userid).toBe('register.errors.useridEmpty');
    expect(Msg.register.useridEmpty).not.toBe(Msg.register.confirmMismatch);
  });

  it('reports a confirmation that differs from the password', () => {
    expect(
      checkRegistration({
        email: 'a@b.co',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgX',
        userid: '123',
      }),
    ).toEqual({ confirmPassword: Msg.register.confirmMismatch });
  });

  it('reports a malformed e-mail, a short password and a non-numeric id', () => {
    expect(
      checkRegistration({
        email: 'nope',
        password: 'short',
        confirmPassword: 'short',
        userid: '12a',
      }),
    ).toEqual({
      email: Msg.register.emailInvalid,
      password: Msg.register.passwordShort,
      userid: Msg.register.useridNotNumeric,
    });
  });

  it('trims the password like login does: padding does not make a short password long', () => {
    expect(
      checkRegistration({
        email: 'a@b.co',
        password: '   short   ',
        confirmPassword: 'short',
        userid: '123456',
      }),
    ).toEqual({ password: Msg.register.passwordShort });
    expect(
      checkRegistration({
        email: 'a@b.co',
        password: 'secret123 ',
        confirmPassword: 'secret123',
        userid: '123456',
      }),
    ).toEqual({});
  });

  it('passes valid data', () => {
    expect(
      checkRegistration({
        email: 'a@b.co',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgh',
        userid: '123456',
      }),
    ).toEqual({});
  });
});

describe('checkGlobalParams', () => {
  it.each(['lote', 'galenum', 'galefat', 'stopWin', 'stopLoss', 'payout', 'strategySel'])(
    'answers invalid params when %s is below 0',
    (field) => {
      expect(checkGlobalParams({ ...validGlobal, [field]: -1 })).toEqual({
        key: Msg.invalidParams,
        field,
      });
    },
  );

  it('checks negatives before missing selects (SPEC order)', () => {
    expect(checkGlobalParams({ lote: -1 })).toEqual({ key: Msg.invalidParams, field: 'lote' });
  });

  it.each([
    [{ optionType: undefined }, Msg.globalParams.optionTypeMissing],
    [{ optionType: null, brokerID: null }, Msg.globalParams.optionTypeMissing],
    [{ brokerID: '' }, Msg.globalParams.brokerMissing],
    [{ brokerID: null, loteType: null, stopType: null }, Msg.globalParams.brokerMissing],
    [{ loteType: null, stopType: null }, Msg.globalParams.loteTypeMissing],
    [{ stopType: undefined }, Msg.globalParams.stopTypeMissing],
  ])('reports the first missing select in SPEC order (%o)', (patch, key) => {
    expect(checkGlobalParams({ ...validGlobal, ...patch })?.key).toBe(key);
  });

  it('accepts zero values and numeric text', () => {
    expect(checkGlobalParams({ ...validGlobal, lote: 0, stopWin: '0', payout: '87' })).toBeNull();
  });
});

describe('checkChannelCard', () => {
  const card = {
    delaysig: 1,
    wordfilter: 'call;put',
    ignore: '',
    lote: 1,
    galenum: 1,
    galefat: 2,
    timeframe: 1,
  };

  it.each([0, -1, '', undefined])('requires a delay above 0 (delay %s)', (delaysig) => {
    expect(checkChannelCard({ ...card, delaysig })).toEqual({
      key: Msg.channels.delayPositive,
      field: 'delaysig',
    });
  });

  it('accepts a decimal-comma delay', () => {
    expect(checkChannelCard({ ...card, delaysig: '1,5' })).toBeNull();
  });

  it.each(['wordfilter', 'ignore'])('refuses a comma in %s', (field) => {
    expect(checkChannelCard({ ...card, [field]: 'a,b' })).toEqual({
      key: Msg.channels.useSemicolon,
      field,
    });
  });

  it.each(['lote', 'galenum', 'galefat', 'timeframe'])('refuses a negative %s', (field) => {
    expect(checkChannelCard({ ...card, [field]: -2 })).toEqual({
      key: Msg.channels.noNegative,
      field,
    });
  });
});

describe('checkBuyRobot', () => {
  const buy = { userid: '123', subid: 'brl-1-30', paymethod: 'regional', cpf: '529.982.247-25' };

  it('checks in SPEC order: id, plan, method, custom quantity', () => {
    expect(checkBuyRobot({})?.key).toBe(Msg.buyRobot.telegramId);
    expect(checkBuyRobot({ userid: '1' })?.key).toBe(Msg.buyRobot.plan);
    expect(checkBuyRobot({ userid: '1', subid: 'x' })?.key).toBe(Msg.buyRobot.payMethod);
    expect(checkBuyRobot({ ...buy, custom: true, quantity: 4 })?.key).toBe(
      Msg.buyRobot.minQuantity,
    );
    expect(checkBuyRobot({ ...buy, custom: true, quantity: 5, days: 60 })).toBeNull();
    expect(checkBuyRobot(buy)).toBeNull();
  });

  it('then the custom days, crypto in USDT over a network, and a CPF with valid check digits', () => {
    expect(checkBuyRobot({ ...buy, custom: true, quantity: 5, days: 45 })?.key).toBe(
      Msg.buyRobot.days,
    );
    const crypto = { ...buy, paymethod: 'crypto', coin: 'usd', network: 'trc20' };
    expect(checkBuyRobot(crypto)).toBeNull();
    expect(checkBuyRobot({ ...crypto, coin: 'brl' })?.key).toBe(Msg.buyRobot.currency);
    expect(checkBuyRobot({ ...crypto, network: '' })?.key).toBe(Msg.buyRobot.network);
    expect(checkBuyRobot({ ...buy, cpf: undefined })).toMatchObject({
      key: Msg.buyRobot.cpf,
      field: 'cpf',
    });
    expect(checkBuyRobot({ ...buy, cpf: '529.982.247-24' })?.key).toBe(Msg.buyRobot.cpf);
    expect(checkBuyRobot({ ...buy, paymethod: 'instant', cpf: '' })?.key).toBe(Msg.buyRobot.cpf);
    expect(checkBuyRobot({ ...buy, paymethod: 'card', cpf: undefined })).toBeNull();
  });
});

describe('isValidCpf', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['529.982.247-24', false],
    ['111.111.111-11', false],
    ['123', false],
  ])('%s → %s', (cpf, valid) => {
    expect(isValidCpf(cpf)).toBe(valid);
  });
});

describe('single-rule screens', () => {
  it('bot commands need a command 1–16', () => {
    expect(checkBotCommand({})?.key).toBe(Msg.invalidParams);
    expect(checkBotCommand({ botCmd: 17 })?.key).toBe(Msg.invalidParams);
    expect(checkBotCommand({ botCmd: 16 })).toBeNull();
  });

  it('reader params need an order limit of 0 or more', () => {
    expect(checkReaderParams({ maxtrades: -1 })?.key).toBe(Msg.readerParams.maxTradesMin);
    expect(checkReaderParams({ maxtrades: 0 })).toBeNull();
  });

  it('masaniello checks main parameters, then payout range, then type', () => {
    const m = { capital: 100, totalOper: 10, totalWin: 4, payout: 80, typeMas: 1 };
    expect(checkMasaniello({ ...m, capital: 0 })?.key).toBe(Msg.masaniello.mainZero);
    expect(checkMasaniello({ ...m, totalWin: 0, payout: 120 })?.key).toBe(Msg.masaniello.mainZero);
    expect(checkMasaniello({ ...m, payout: 100 })?.key).toBe(Msg.masaniello.payoutRange);
    expect(checkMasaniello({ ...m, payout: 0.5 })?.key).toBe(Msg.masaniello.payoutRange);
    expect(checkMasaniello({ ...m, typeMas: undefined })?.key).toBe(Msg.masaniello.typeMissing);
    expect(checkMasaniello(m)).toBeNull();
  });

  it('cycles need every value 0 or more', () => {
    const c = { ciclos: 3, ciclosFat: 2, ciclosGale: 1, ciclosGaleFat: 2 };
    expect(checkCycles({ ...c, ciclosGaleFat: -1 })?.key).toBe(Msg.invalidParams);
    expect(checkCycles({ ...c, ciclos: 0 })).toBeNull();
  });

  it('soros needs level and gale not negative and percent in (0, 100]', () => {
    const s = { soros: 2, sorosgale: 1, sorosperc: 100 };
    expect(checkSoros({ ...s, soros: -1 })?.key).toBe(Msg.invalidParams);
    expect(checkSoros({ ...s, sorosperc: 0 })?.key).toBe(Msg.soros.percRange);
    expect(checkSoros({ ...s, sorosperc: 101 })?.key).toBe(Msg.soros.percRange);
    expect(checkSoros(s)).toBeNull();
  });

  it('a masaniello plan needs a positive capital and whole counts with 1 ≤ K < N ≤ 100', () => {
    const m = { capital: 100, totalOper: 10, totalWin: 4 };
    expect(checkMasanielloPlan(m)).toBeNull();
    expect(checkMasanielloPlan({ ...m, totalOper: 100, totalWin: 99 })).toBeNull();
    expect(checkMasanielloPlan({ ...m, capital: -5 })).toEqual({
      key: Msg.invalidParams,
      field: 'capital',
    });
    expect(checkMasanielloPlan({ ...m, totalOper: 101 })?.field).toBe('totalOper');
    expect(checkMasanielloPlan({ ...m, totalOper: 9.5 })?.field).toBe('totalOper');
    expect(checkMasanielloPlan({ ...m, totalWin: 10 })?.field).toBe('totalWin');
    expect(checkMasanielloPlan({ ...m, totalWin: 12 })?.field).toBe('totalWin');
    expect(checkMasanielloPlan({ ...m, totalWin: 0 })?.field).toBe('totalWin');
  });

  it('recovery params apply the cycles rule, then the soros rule, to their wire names', () => {
    const r = {
      ciclos: 3,
      ciclosfat: 0,
      ciclosgale: 2,
      ciclosgalefat: 2,
      soros: 2,
      sorosgale: 0,
      sorosperc: 100,
    };
    expect(checkRecoveryParams(r)).toBeNull();
    expect(checkRecoveryParams({ ...r, ciclosgalefat: -1 })).toEqual({
      key: Msg.invalidParams,
      field: 'ciclosgalefat',
    });
    expect(checkRecoveryParams({ ...r, ciclos: -1, sorosperc: 0 })?.field).toBe('ciclos');
    expect(checkRecoveryParams({ ...r, sorosgale: -1 })?.field).toBe('sorosgale');
    expect(checkRecoveryParams({ ...r, sorosperc: 0 })?.key).toBe(Msg.soros.percRange);
  });

  it('loss recovery needs its selects and no negative value', () => {
    const l = { recoverPerc: 2, mode: 1, recoverGale: 1, recoverGaleFat: 2, recoverProfit: 0 };
    expect(checkLossRecovery(l)).toBeNull();
    expect(checkLossRecovery({ ...l, recoverPerc: 0 })).toBeNull();
    expect(checkLossRecovery({ ...l, mode: '' })?.field).toBe('mode');
    expect(checkLossRecovery({ ...l, recoverPerc: null })?.field).toBe('recoverPerc');
    expect(checkLossRecovery({ ...l, recoverProfit: -1 })).toEqual({
      key: Msg.invalidParams,
      field: 'recoverProfit',
    });
  });

  it('a proxy port is a whole number 0–65535', () => {
    expect(checkProxy({ porta: 8080 })).toBeNull();
    expect(checkProxy({ porta: 0 })).toBeNull();
    expect(checkProxy({ porta: 65_536 })?.field).toBe('porta');
    expect(checkProxy({ porta: 'abc' })?.field).toBe('porta');
    expect(checkProxy({})?.key).toBe(Msg.invalidParams);
  });

  it('a broker login is for a broker with a login card, with an e-mail (a blank password keeps the stored one)', () => {
    const b = { broker: 1, email: 'a@b.co', password: 'x' };
    expect(checkBrokerLogin(b)).toBeNull();
    expect(checkBrokerLogin({ ...b, broker: 2 })?.field).toBe('broker');
    expect(checkBrokerLogin({ ...b, broker: 0 })?.field).toBe('broker');
    expect(checkBrokerLogin({ ...b, email: '  ' })?.field).toBe('email');
    expect(checkBrokerLogin({ ...b, password: '' })).toBeNull();
  });

  it('a new bot id must be longer than 1 character', () => {
    expect(checkCreateBot({ botid: '1' })?.key).toBe(Msg.bots.useridShort);
    expect(checkCreateBot({ botid: '12' })).toBeNull();
  });

  it('copy requests need a trader id and a trimmed name', () => {
    expect(checkCopyRequest({ traderid: '12', userName: '  ' })?.key).toBe(Msg.copyRequest.fill);
    expect(checkCopyRequest({ userName: 'Ana' })?.key).toBe(Msg.copyRequest.fill);
    expect(checkCopyRequest({ traderid: '12', userName: 'Ana' })).toBeNull();
  });

  it("an enabled follower card needs a stake; a negative one is the schema's", () => {
    expect(checkFollowerStake({ traderEna: true, lote: '0' })).toEqual({
      key: Msg.follows.stakeMissing,
      field: 'lote',
    });
    expect(checkFollowerStake({ traderEna: true, lote: 0 })?.key).toBe(Msg.follows.stakeMissing);
    expect(checkFollowerStake({ traderEna: false, lote: 0 })).toBeNull();
    expect(checkFollowerStake({ traderEna: true, lote: '2,5' })).toBeNull();
    expect(checkFollowerStake({ traderEna: true, lote: -1 })).toBeNull();
  });

  it('copy rooms need a trader id', () => {
    expect(checkCopyRooms({})?.key).toBe(Msg.copyRooms.traderIdRequired);
  });

  it('trader config checks the comma delay, then spaces in assets, then assets for a colour filter', () => {
    expect(checkTraderConfig({ signalType: 9, delaysig: '15', paresFilter: 'A B' })?.key).toBe(
      Msg.traderConfig.delayComma,
    );
    expect(checkTraderConfig({ signalType: 9, delaysig: '1,5', paresFilter: 'A B' })?.key).toBe(
      Msg.traderConfig.assetsSpace,
    );
    expect(checkTraderConfig({ signalType: 7, candleColor: 2, paresFilter: '' })?.key).toBe(
      Msg.traderConfig.assetsMissing,
    );
    expect(checkTraderConfig({ signalType: 7, candleColor: 0, paresFilter: '' })).toBeNull();
  });
});
