/**
 * The rules the login page runs (SPEC §5), apart from the other rules of `rules.ts` (which
 * re-exports them): the login page's first chunk carries only these.
 */
import type { MessageKey } from './rules.ts';

/** The login form's message keys (`Msg.login`). */
export const LoginMsg = {
  fillCorrectly: 'auth.errors.fillCorrectly',
} as const;

/** A failed rule: the message key and, when one field is to blame, that field's wire name. */
export interface RuleFailure {
  key: MessageKey;
  field?: string;
}

/** Values as they come from a form or a JSON body: anything, possibly missing. */
export type RawValues = Readonly<Record<string, unknown>>;

/**
 * The one password rule of login and registration: spaces around a password are not part of it
 * (SPEC trims at login, so a password registered with them could never log in).
 */
export function normalizePassword(password: string): string {
  return password.trim();
}

/** Login (SPEC §5): e-mail and password, trimmed, both required. */
export function checkLogin(v: RawValues): RuleFailure | null {
  const email = typeof v.email === 'string' ? v.email.trim() : '';
  const password = typeof v.password === 'string' ? v.password.trim() : '';
  if (email === '' || password === '') return { key: LoginMsg.fillCorrectly };
  return null;
}
