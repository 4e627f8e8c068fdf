import type { Proxy, ProxyRead } from '@app/contract';

/** The form's values; the password is never read back, so it starts empty. */
export interface ProxyForm {
  ip: string;
  porta: number | '';
  login: string;
  password: string;
}

export const EMPTY_PROXY_FORM: ProxyForm = { ip: '', porta: '', login: '', password: '' };

export function toProxyForm(read: ProxyRead): ProxyForm {
  return { ip: read.ip, porta: read.porta, login: read.login, password: '' };
}

/**
 * SPEC §5 "Proxy": values trimmed, the port a number. The password is sent as typed (trimmed);
 * the contract keeps the stored password when a save sends it blank.
 */
export function toProxyBody(values: ProxyForm, userid: string): Proxy {
  return {
    ip: values.ip.trim(),
    porta: values.porta === '' ? Number.NaN : Number(values.porta),
    login: values.login.trim(),
    password: values.password.trim(),
    userid,
  };
}
