import {
  FieldMsg,
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
 * One rule for every secret field: a blank token keeps the stored one, so a save needs a token
 * only when none is stored yet.
 */
export function checkDerivTokens(v: RawValues, hasStoredToken: boolean): RuleFailure | null {
  const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
  if (!hasStoredToken && blank(v.tokenDemo) && blank(v.tokenReal))
    return { key: FieldMsg.secretRequired, field: 'tokenDemo' };
  return null;
}

/** A blank password keeps the stored one; with none stored, the login needs one. */
export function checkLoginPassword(v: RawValues, hasStoredPassword: boolean): RuleFailure | null {
  const blank = typeof v.password !== 'string' || v.password === '';
  if (!hasStoredPassword && blank) return { key: FieldMsg.secretRequired, field: 'password' };
  return null;
}
