import {
  COPY_STATS_DEFAULT_DAYS,
  type FollowerCopy,
  type FollowerCopyStats,
  type TraderFanout,
} from '@app/contract';
import {
  Box,
  Chip,
  List,
  ListItem,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey, type I18nKey } from '../../../i18n/keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { useFollowerCopyStats, useTraderCopyStats } from '../api/copy-stats.ts';

const DAY_OPTIONS = [1, 7, 30, 90] as const;
type View = 'trader' | 'follower';

/** A skip or failure reason in words: copy's own first, then the broker's, else "not given". */
function useReason() {
  const { t } = useTranslation();
  return (reason: string) =>
    t([`copyStats.reason.${reason}`, `robot.order.${reason}`] as I18nKey[], {
      defaultValue: t('robot.value.reason.unknown'),
    });
}

function FanoutItem({ fanout }: { fanout: TraderFanout }) {
  const { t } = useTranslation();
  const f = useTradingFormat();
  const reasonText = useReason();
  const reasons = Object.entries(fanout.reasons);
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('copyStats.trader.order', {
          asset: fanout.asset,
          direction: t(dynamicKey(`trading.direction.${fanout.direction}`)),
          stake: f.money(fanout.stakeCents),
          time: f.dateTime(fanout.orderAt),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t(dynamicKey(`copyStats.trader.product.${fanout.product}`))} ·{' '}
        {t('copyStats.trader.followers', { count: fanout.followers })} ·{' '}
        {fanout.lastFollowerMs === null
          ? t('copyStats.trader.lastNone')
          : t('copyStats.trader.last', { value: f.ms(fanout.lastFollowerMs) })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }}>
        <Chip
          size="small"
          color="success"
          label={t('copyStats.trader.placed', { count: fanout.placed })}
        />
        {fanout.pending > 0 && (
          <Chip size="small" label={t('copyStats.trader.pending', { count: fanout.pending })} />
        )}
        <Chip
          size="small"
          color={fanout.failed > 0 ? 'error' : 'default'}
          label={t('copyStats.trader.failed', { count: fanout.failed })}
        />
        <Chip
          size="small"
          color={fanout.skipped > 0 ? 'warning' : 'default'}
          label={t('copyStats.trader.skipped', { count: fanout.skipped })}
        />
      </Stack>
      {reasons.length > 0 && (
        <Typography variant="caption" component="p">
          {t('copyStats.trader.reasons')}:{' '}
          {reasons.map(([reason, n]) => `${reasonText(reason)} (${n})`).join(' · ')}
        </Typography>
      )}
    </ListItem>
  );
}

function TraderView({ userid, days }: { userid: string; days: number }) {
  const { t } = useTranslation();
  const query = useTraderCopyStats(userid, days);
  const fanouts = query.data?.fanouts ?? [];
  return (
    <QueryState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      {fanouts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('copyStats.trader.empty')}
        </Typography>
      ) : (
        <List aria-label={t('copyStats.tabs.trader')} disablePadding>
          {fanouts.map((fanout) => (
            <FanoutItem key={`${fanout.product}-${fanout.traderOrderId}`} fanout={fanout} />
          ))}
        </List>
      )}
    </QueryState>
  );
}

function Summary({ divergence }: { divergence: FollowerCopyStats['divergence'] }) {
  const { t } = useTranslation();
  const f = useTradingFormat();
  const cells: [I18nKey, string][] = [
    ['copyStats.follower.summary.copies', String(divergence.copies)],
    ['copyStats.follower.summary.missed', String(divergence.missed)],
    ['copyStats.follower.summary.differentResults', String(divergence.differentResults)],
    ['copyStats.follower.summary.stakeDiff', f.result(divergence.stakeDiffCents)],
    [
      'copyStats.follower.summary.avgDelay',
      divergence.avgDelayMs === null ? t('robot.value.none') : f.ms(divergence.avgDelayMs),
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
        gap: 1.5,
        m: 0,
        mb: 2,
      }}
    >
      {cells.map(([key, value]) => (
        <Box key={key} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {t(key)}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function CopyItem({ copy }: { copy: FollowerCopy }) {
  const { t } = useTranslation();
  const f = useTradingFormat();
  const reasonText = useReason();
  const state = (s: string) => t(dynamicKey(`copyStats.state.${s}`));
  const notCopied = copy.state === 'skipped' || copy.state === 'failed';
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('copyStats.follower.trader', { trader: copy.trader })} · {copy.traderOrder.asset}{' '}
        {t(dynamicKey(`trading.direction.${copy.traderOrder.direction}`))}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {f.dateTime(copy.traderOrder.orderAt)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 0.5,
          mt: 0.5,
        }}
      >
        <Typography variant="body2">
          {t('copyStats.follower.traderOrder', {
            stake: f.money(copy.traderOrder.stakeCents),
            state: state(copy.traderOrder.state),
          })}
        </Typography>
        {notCopied ? (
          <Typography variant="body2" color="warning.main">
            {t('copyStats.follower.notCopied', { reason: reasonText(copy.reason ?? 'unknown') })}
          </Typography>
        ) : (
          <Typography variant="body2">
            {t('copyStats.follower.mine', {
              stake: copy.stakeCents === null ? t('robot.value.none') : f.money(copy.stakeCents),
              state: state(copy.state),
            })}
            {copy.pnlCents !== null &&
              ` · ${t('copyStats.follower.pnl', { value: f.result(copy.pnlCents) })}`}
            {copy.delayMs !== null &&
              ` · ${t('copyStats.follower.delay', { value: f.ms(copy.delayMs) })}`}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
}

function FollowerView({ userid, days }: { userid: string; days: number }) {
  const { t } = useTranslation();
  const query = useFollowerCopyStats(userid, days);
  const data = query.data;
  return (
    <QueryState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      {data && <Summary divergence={data.divergence} />}
      {data && data.copies.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('copyStats.follower.empty')}
        </Typography>
      ) : (
        <List aria-label={t('copyStats.tabs.follower')} disablePadding>
          {data?.copies.map((copy, i) => (
            <CopyItem key={`${copy.product}-${copy.traderOrder.orderAt}-${i}`} copy={copy} />
          ))}
        </List>
      )}
    </QueryState>
  );
}

/**
 * Copy statistics (`/copystats`): as a trader, how each copied order reached the
 * followers; as a follower, each copy beside the trader's order and the divergence.
 */
export function CopyStatsPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const [view, setView] = useState<View>('trader');
  const [days, setDays] = useState<number>(COPY_STATS_DEFAULT_DAYS);
  return (
    <PageCard title={t('copyStats.title')} subtitle={t('copyStats.subtitle')}>
      <Stack
        direction="row"
        sx={{
          mb: 2,
          gap: 1,
          alignItems: 'center',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <Tabs value={view} onChange={(_, v: View) => setView(v)} aria-label={t('copyStats.title')}>
          <Tab value="trader" label={t('copyStats.tabs.trader')} />
          <Tab value="follower" label={t('copyStats.tabs.follower')} />
        </Tabs>
        <TextField
          select
          size="small"
          label={t('copyStats.days')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          sx={{ minWidth: 120 }}
        >
          {DAY_OPTIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('copyStats.daysOption', { count: d })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {view === 'trader' ? (
        <TraderView userid={userid} days={days} />
      ) : (
        <FollowerView userid={userid} days={days} />
      )}
    </PageCard>
  );
}
