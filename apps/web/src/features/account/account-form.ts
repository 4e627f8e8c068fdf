import {
  checkRegistration,
  normalizePassword,
  type MessageKey,
  type PasswordChangeBody,
  type RawValues,
} from '@app/contract';

export interface PasswordFormValues {
  current: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  current: '',
  password: '',
  confirmPassword: '',
};

type PasswordField = keyof PasswordFormValues;

/**
 * Per field, on blur: the current password is required; the new one and its confirmation follow
 * registration's rules (the contract's `checkRegistration`, its password fields only).
 */
export function checkPasswordChange(
  v: RawValues,
): Partial<Record<PasswordField, MessageKey | 'account.errors.currentRequired'>> {
  const registration = checkRegistration(v);
  const errors: Partial<Record<PasswordField, MessageKey | 'account.errors.currentRequired'>> = {};
  if (typeof v.current !== 'string' || v.current === '') {
    errors.current = 'account.errors.currentRequired';
  }
  if (registration.password) errors.password = registration.password;
  if (registration.confirmPassword) errors.confirmPassword = registration.confirmPassword;
  return errors;
}

/** The wire body: the new password trimmed as at registration; the current one as typed. */
export function toPasswordBody(values: PasswordFormValues): PasswordChangeBody {
  return { current: values.current, password: normalizePassword(values.password) };
}
