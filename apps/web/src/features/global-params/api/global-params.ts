import { globalParamsEndpoints, tradingEndpoints, type GlobalParams } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's params for one broker; the previous broker's stay on screen while the next loads. */
export function useGlobalParams(userid: string, brokerid: number) {
  return useQuery({
    queryKey: queryKeys.globalParams.of(userid, brokerid),
    queryFn: () => api(globalParamsEndpoints.getGlobalParams, { query: { userid, brokerid } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The bot's balance at its broker in cents (`null` when the broker did not say), against which a
 * stake above 10 % is asked about before saving; a failed read only skips that question.
 */
export function useBalanceCents(userid: string): number | null | undefined {
  const query = useQuery({
    queryKey: queryKeys.balance.of(userid),
    queryFn: () => api(tradingEndpoints.tradingDashboard, { query: { userid } }),
    retry: false,
  });
  return query.data?.balanceCents;
}

export function saveGlobalParams(body: GlobalParams) {
  return api(globalParamsEndpoints.saveGlobalParams, { query: { userid: body.userid }, body });
}

/** SPEC §7 `POST /brokerid`: the bot's current broker; multi-broker stays off from this screen. */
export function setCurrentBroker(userid: string, brokerId: number) {
  return api(globalParamsEndpoints.setBroker, {
    body: { userid, curBrokerID: brokerId, brokersMask: 0, multiBroker: 0 },
  });
}
