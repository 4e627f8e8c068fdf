import { botsEndpoints, buyRobotEndpoints, PURCHASE_POLL_MS, type Purchase } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The payment methods, each available or not on this server. */
export function usePayMethods(userid: string) {
  return useQuery({
    queryKey: queryKeys.payMethods.of(userid),
    queryFn: () => api(buyRobotEndpoints.payMethods, { query: { userid } }),
    enabled: userid !== '',
    retry: false,
  });
}

/** The account's bots, to choose which a plan for several bots covers. */
export function useBuyerBots(userid: string) {
  return useQuery({
    queryKey: queryKeys.botsManager.of(userid),
    queryFn: () => api(botsEndpoints.getBots, { query: { userid } }),
    enabled: userid !== '',
    retry: false,
  });
}

export function createPurchase(body: Purchase) {
  return api(buyRobotEndpoints.buyBot, { body });
}

/** A purchase's state, asked again every PURCHASE_POLL_MS while it waits for the payment. */
export function usePurchaseStatus(id: string | null) {
  return useQuery({
    queryKey: queryKeys.purchase.of(id ?? ''),
    queryFn: () => api(buyRobotEndpoints.purchaseStatus, { query: { id: id ?? '' } }),
    enabled: id !== null && id !== '',
    retry: false,
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.state === 'waiting'
        ? PURCHASE_POLL_MS
        : false,
  });
}

/** The seller's commission report: paid purchases made through this bot's referral link. */
export function useSellerSales(userid: string) {
  return useQuery({
    queryKey: queryKeys.sellerSales.of(userid),
    queryFn: () => api(buyRobotEndpoints.sellerSales, { query: { userid } }),
    enabled: userid !== '',
    retry: false,
  });
}
