import { channelsEndpoints } from '@app/contract';
import { api } from '../../../lib/api.ts';

export interface PhoneBody {
  userid: string;
  phone: string;
}

export interface CodeBody {
  userid: string;
  code: string;
  password: string;
}

/** Step 1: the messaging app sends a code to this phone. */
export function sendPhone(body: PhoneBody) {
  return api(channelsEndpoints.addPhone, { body });
}

/** Step 2: the code (and the two-step password, when the account has one) signs in. */
export function sendCode(body: CodeBody) {
  return api(channelsEndpoints.authCode, { body });
}
