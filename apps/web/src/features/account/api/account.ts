import { authEndpoints, ErrorCode, type PasswordChangeBody } from '@app/contract';
import { api, ApiError } from '../../../lib/api.ts';

/**
 * Changes the password; every other session of the account ends (this one stays). A wrong current
 * password is said on its own field, not with the login's "wrong e-mail or password" text.
 */
export async function changePassword(body: PasswordChangeBody) {
  try {
    return await api(authEndpoints.changePassword, { body });
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.invalidCredentials) {
      throw new ApiError(error.status, 'account.errors.wrongCurrent', {
        current: 'account.errors.wrongCurrent',
      });
    }
    throw error;
  }
}

/** Ends every session of the account, this one too. */
export function logoutAll() {
  return api(authEndpoints.logoutAll);
}
