import { readerParamsEndpoints } from '@app/contract';
import { api } from '../../../lib/api.ts';

/** Queues a reset of the bot's signal reader (it reconnects and reloads its channels). */
export function resetReader(userid: string) {
  return api(readerParamsEndpoints.resetReader, { body: { userid } });
}

/** Queues the deletion of the bot's signal reader (its messaging-app session). */
export function deleteReader(userid: string) {
  return api(readerParamsEndpoints.deleteReader, { body: { userid } });
}
