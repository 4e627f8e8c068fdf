import { panelConfigEndpoints } from '@app/contract';
import { Chip, Tooltip } from '@mui/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';

/** The server's panel configuration (same query as home's): which brokers trade real money. */
const panelConfigQuery = queryOptions({
  queryKey: ['panel-config'],
  queryFn: () => api(panelConfigEndpoints.panelConfig),
  staleTime: Infinity,
  retry: false,
});

/** Whether this installation trades real money at the broker (null while not known yet). */
export function useRealTrading(brokerId: number): boolean | null {
  const data = useQuery(panelConfigQuery).data;
  return data ? data.realTradingBrokers.includes(brokerId as never) : null;
}

/** Whether "Conectar Deriv" (OAuth) is offered by this installation. */
export function useDerivOAuth(): boolean {
  return useQuery(panelConfigQuery).data?.derivOAuth === true;
}

/**
 * "real trading" or "simulator only" for one broker: what the robot can do there. A broker with
 * no adapter in this installation trades only on the paper broker (the simulator).
 */
export function BrokerCapabilityChip({ brokerId }: { brokerId: number }) {
  const { t } = useTranslation();
  const real = useRealTrading(brokerId);
  if (real === null || brokerId <= 0) return null;
  const kind = real ? 'real' : 'simulator';
  return (
    <Tooltip title={t(`brokers.capabilityHint.${kind}`)}>
      <Chip
        size="small"
        variant={real ? 'filled' : 'outlined'}
        color={real ? 'primary' : 'default'}
        label={t(`brokers.capability.${kind}`)}
        data-capability={kind}
      />
    </Tooltip>
  );
}
