import {
  Msg,
  type BrokerLogin,
  type DerivTokens,
  type RawValues,
  type RuleFailure,
} from '@app/contract';

export interface BrokerLoginForm {
  email: string;
  password: string;
}

export interface DerivTokensForm {
  tokenDemo: string;
  tokenReal: string;
}

export const EMPTY_LOGIN_FORM: BrokerLoginForm = { email: '', password: '' };
export const EMPTY_TOKENS_FORM: DerivTokensForm = { tokenDemo: '', tokenReal: '' };

/** SPEC §5 "Broker fields": trimmed, except for OlympTrade (`trim: false`), sent as typed. */
export function toBrokerLoginBody(
  values: BrokerLoginForm,
  card: { broker: number; trim: boolean },
  userid: string,
): BrokerLogin {
  const clean = (text: string) => (card.trim ? text.trim() : text);
  return {
    email: clean(values.email),
    password: clean(values.password),
    userid,
    broker: card.broker,
  };
}

export function toDerivTokensBody(values: DerivTokensForm, userid: string): DerivTokens {
  return { tokenDemo: values.tokenDemo.trim(), tokenReal: values.tokenReal.trim(), userid };
}

/**
 * Deriv's card needs at least one token: both blank would remove Deriv, which is the Remove
 * button's job, not a save's.
 */
export function checkDerivTokens(v: RawValues): RuleFailure | null {
  const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
  if (blank(v.tokenDemo) && blank(v.tokenReal))
    return { key: Msg.invalidParams, field: 'tokenDemo' };
  return null;
}
