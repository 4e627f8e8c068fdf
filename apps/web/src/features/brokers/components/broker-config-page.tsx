import { BROKER_CONFIG_CARDS } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/cards/card-grid.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';

import { useStoredCredentials } from '../api/brokers.ts';
import { BrokerCard } from './broker-card.tsx';
import { DerivOAuthReturn } from './deriv-connect.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';

/** Broker config (`/brokerconfig`), SPEC §2: one card per broker, in SPEC's order. */
export function BrokerConfigPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const queryClient = useQueryClient();
  const query = useStoredCredentials(userid);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.brokers.of(userid) });

  return (
    <PageCard title={t('brokers.title')} subtitle={t('brokers.subtitle')} maxWidth={1200}>
      <DerivOAuthReturn userid={userid} onDone={refresh} />
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <CardGrid>
          {BROKER_CONFIG_CARDS.map((card) => (
            <BrokerCard
              key={card.broker}
              card={card}
              stored={query.data?.find((entry) => entry.broker === card.broker)}
              userid={userid}
              onChanged={refresh}
            />
          ))}
        </CardGrid>
      </QueryState>
    </PageCard>
  );
}
