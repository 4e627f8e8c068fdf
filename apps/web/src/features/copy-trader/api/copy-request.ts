import { copyTraderEndpoints, type FollowRequest } from '@app/contract';
import { api } from '../../../lib/api.ts';

/** Asks to follow a trader's copy trading (`/copytradereq`). */
export function requestCopy(body: FollowRequest) {
  return api(copyTraderEndpoints.requestCopy, { body });
}
