import { brokersEndpoints, type BrokerLogin, type DerivTokens } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Which brokers of the bot have stored credentials (never the secrets themselves). */
export function useStoredCredentials(userid: string) {
  return useQuery({
    queryKey: queryKeys.brokers.of(userid),
    queryFn: () => api(brokersEndpoints.listBrokerLogins, { query: { userid } }),
    retry: false,
  });
}

export function saveBrokerLogin(body: BrokerLogin) {
  return api(brokersEndpoints.saveBrokerLogin, { body });
}

export function saveDerivTokens(body: DerivTokens) {
  return api(brokersEndpoints.saveDerivTokens, { body });
}

export function removeBrokerLogin(userid: string, broker: number) {
  return api(brokersEndpoints.removeBrokerLogin, { body: { userid, broker } });
}

/** "Conectar Deriv": Deriv's authorization URL for this bot (the browser goes there next). */
export function startDerivOAuth(userid: string) {
  return api(brokersEndpoints.derivOAuthStart, { body: { userid } });
}

/** Back from Deriv with a code: the server exchanges it and stores the token. */
export function finishDerivOAuth(body: { userid: string; code: string; state: string }) {
  return api(brokersEndpoints.derivOAuthFinish, { body });
}
