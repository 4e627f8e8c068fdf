import { endpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The server's panel configuration (support link); it changes only with a restart. */
export function usePanelConfig() {
  return useQuery({
    queryKey: ['panel-config'],
    queryFn: () => api(endpoints.panelConfig),
    staleTime: Infinity,
    retry: false,
  });
}
