import { panelConfigEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The server's panel configuration (support link); it changes only with a restart. */
export const panelConfigQuery = queryOptions({
  queryKey: ['panel-config'],
  queryFn: () => api(panelConfigEndpoints.panelConfig),
  staleTime: Infinity,
  retry: false,
});

export function usePanelConfig() {
  return useQuery(panelConfigQuery);
}
