import { ErrorCode, type LoginBody, type RegisterBody } from '@app/contract';
import { api, ApiError } from '../../../lib/api.ts';
import { loadAuthSchemas } from '../../../lib/session.ts';

// The endpoints come with the contract's schemas, loaded on first use (the login page's first
// chunk carries no zod).
export async function login(body: LoginBody) {
  const { authEndpoints } = await loadAuthSchemas();
  return api(authEndpoints.botLogin, { body });
}

const REGISTER_CONFLICTS: readonly string[] = [ErrorCode.userExist, ErrorCode.botExist];

/** SPEC §8: user_exist and bot_exist keep their own text; anything else is "registration failed". */
export async function register(body: RegisterBody) {
  try {
    const { authEndpoints } = await loadAuthSchemas();
    return await api(authEndpoints.botRegister, { body });
  } catch (error) {
    if (error instanceof ApiError && REGISTER_CONFLICTS.includes(error.code)) throw error;
    const status = error instanceof ApiError ? error.status : 0;
    throw new ApiError(status, ErrorCode.registerFailed);
  }
}
