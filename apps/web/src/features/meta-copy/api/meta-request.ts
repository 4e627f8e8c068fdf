import { metaCopyEndpoints, type FollowRequest } from '@app/contract';
import { api } from '../../../lib/api.ts';

/** Asks to follow a trader's MetaCopy (`/metaidreq`). */
export function requestMeta(body: FollowRequest) {
  return api(metaCopyEndpoints.requestMeta, { body });
}
