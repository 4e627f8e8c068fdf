import {
  TraderMode,
  tradingEndpoints,
  type ScheduledEntry,
  type TradingDashboard as Dashboard,
} from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  FormControlLabel,
  Link,
  List,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealTrading } from '../../../components/flags/broker-capability.tsx';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { api, errorKey } from '../../../lib/api.ts';
import { useNow } from '../api/live.ts';
import { useBotSwitch } from '../api/switch.ts';
import {
  SWITCH_POLL_MS,
  TRADING_POLL_MS,
  tradingKey,
  useTradingDashboard,
  useStreamStart,
  useTradingLive,
} from '../api/trading.ts';
import { resultColor, useTradingFormat } from '../../../lib/trading-format.ts';
import { messageText } from '../message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { winsByStepText } from '../../../components/results/signal-score.tsx';
import { SimulatorChip } from '../../../components/results/simulator-chip.tsx';
import { FirstRunChecklist } from './first-run-checklist.tsx';
import { NextEntryLine, OpenOrderLine } from './order-line.tsx';
import { Stat, StatGrid } from './stat.tsx';

/** Where the trader saves what a never-configured bot misses (`robot.refusal.not_configured`). */
const CONFIGURE_PATH: Record<string, string> = {
  globalParams: '/geralconfig',
  masaniello: '/config-masaniello',
  cycles: '/config-cycles',
  lossRecovery: '/config-recovery',
  customCycles: '/config-customcycles',
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A titled list of the dashboard, or the line saying it is empty. */
function ListSection(props: { id: string; title: string; empty: string; children: ReactNode[] }) {
  const { id, title, empty, children } = props;
  return (
    <Section id={id} title={title}>
      {children.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={id}>
          {children}
        </List>
      )}
    </Section>
  );
}

/** The figures of a read dashboard: score, balance, strategy step, open orders, next entries. */
function DashboardFigures({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const format = useTradingFormat();
  const ticking = data.openOrders.length > 0 || data.nextEntries.length > 0;
  const now = useNow(ticking);
  const { today, todaySignals: signals } = data;
  const none = t('robot.value.none');
  const realTrading = useRealTrading(data.brokerId);
  const queryClient = useQueryClient();
  const [cancelled, setCancelled] = useState<'cancelled' | 'too_late' | null>(null);
  const cancel = useConfirmedAction(
    (entry: ScheduledEntry) =>
      api(tradingEndpoints.cancelEntry, {
        body: { userid: data.userid, signalId: entry.signalId ?? 0 },
      }),
    {
      onSuccess: async (result) => {
        setCancelled(result.outcome);
        await queryClient.invalidateQueries({ queryKey: tradingKey(data.userid) });
      },
    },
  );
  return (
    <>
      <StatGrid>
        <Stat label={t('trading.dashboard.balance')}>
          {data.balanceCents === null ? none : format.money(data.balanceCents)}
          {data.simulator && <SimulatorChip />}
        </Stat>
        <Stat label={t('trading.dashboard.account')}>
          {t(dynamicKey(`enums.accType.${data.accountType}`))} ·{' '}
          {t(dynamicKey(`enums.broker.${data.brokerId}`))}
          {data.simulator && <> · {t('brokers.simulator')}</>}
          <CapabilityNote simulator={data.simulator} realTrading={realTrading} />
        </Stat>
        <Stat label={t('trading.dashboard.todayResult')} color={resultColor(today.pnlCents)}>
          {format.result(today.pnlCents)}
        </Stat>
        <Stat label={t('trading.dashboard.score')}>
          {t('trading.score', { wins: signals.wins, losses: signals.losses })}
          <Typography variant="caption" color="text.secondary" component="span" display="block">
            {t('trading.dashboard.scoreSince', { time: format.clock(data.scoreSince) })}
          </Typography>
        </Stat>
        <Stat label={t('trading.dashboard.winsByStep')}>{winsByStepText(t, signals) || none}</Stat>
        <Stat label={t('trading.dashboard.draws')}>{signals.draws}</Stat>
        <Stat label={t('trading.dashboard.hitRate')}>
          {signals.hitRatePct === null
            ? none
            : t('trading.pct', { value: format.pct(signals.hitRatePct) })}
        </Stat>
        <Stat label={t('trading.dashboard.breakEven')}>
          {signals.breakEvenRatePct === null
            ? none
            : t('trading.pct', { value: format.pct(signals.breakEvenRatePct) })}
        </Stat>
        <Stat label={t('trading.dashboard.orders')}>{today.orders}</Stat>
        <Stat label={t('trading.dashboard.copyTrading')}>
          {data.copyTrading.traderMode === TraderMode.follower
            ? t('trading.dashboard.copyFollowerMode')
            : data.copyTrading.enabled
              ? t('trading.dashboard.copyOn', { count: data.copyTrading.followers })
              : t('trading.dashboard.copyOff')}
        </Stat>
      </StatGrid>

      <Section id="dashboard-step" title={t('trading.dashboard.step')}>
        <Typography variant="body2">{messageText(t, i18n.language, data.strategyStep)}</Typography>
        {data.nextStakesCents.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('trading.dashboard.nextStakes', {
              stakes: data.nextStakesCents.map(format.money).join(' / '),
            })}
          </Typography>
        )}
      </Section>

      <ListSection
        id="dashboard-open"
        title={t('trading.dashboard.openOrders')}
        empty={t('trading.dashboard.noOpenOrders')}
      >
        {data.openOrders.map((order) => (
          <OpenOrderLine key={order.id} order={order} now={now} />
        ))}
      </ListSection>

      <ListSection
        id="dashboard-next"
        title={t('trading.dashboard.nextEntries')}
        empty={t('trading.dashboard.noNextEntries')}
      >
        {data.nextEntries.map((entry, index) => (
          <NextEntryLine
            key={`${entry.sendAt}-${index}`}
            entry={entry}
            now={now}
            onCancel={cancel.ask}
          />
        ))}
      </ListSection>
      {cancel.error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={cancel.clearError}>
          {t(dynamicKey(cancel.error))}
        </Alert>
      )}
      {cancelled && (
        <Alert severity="info" sx={{ mt: 1 }} onClose={() => setCancelled(null)}>
          {t(cancelled === 'too_late' ? 'pendingEntries.tooLate' : 'pendingEntries.done')}
        </Alert>
      )}
      <ConfirmDialog
        {...cancel.dialog}
        title={t('pendingEntries.confirmTitle')}
        message={t('pendingEntries.confirmBody', {
          asset: cancel.target?.asset ?? '',
          direction: cancel.target
            ? t(dynamicKey(`trading.direction.${cancel.target.direction}`))
            : '',
          time: cancel.target ? format.time(cancel.target.sendAt) : '',
        })}
        confirmLabel={t('pendingEntries.confirm')}
        cancelLabel={t('pendingEntries.keep')}
      />
    </>
  );
}

/** The on/off switch and, when the bot would not trade, why (and where to fix it). */
function RunSwitch({
  data,
  control,
}: {
  data: Dashboard | undefined;
  control: ReturnType<typeof useBotSwitch>;
}) {
  const { t, i18n } = useTranslation();
  const canSwitchOn = data?.configured ?? false;
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={control.checked}
              disabled={data === undefined || control.waiting || (!control.checked && !canSwitchOn)}
              onChange={(_, on) => control.toggle(on)}
            />
          }
          label={t('trading.dashboard.switch')}
        />
        {data && (
          <Chip
            size="small"
            color={data.running ? 'success' : 'default'}
            label={t(dynamicKey(`robot.value.running.${data.running}`))}
          />
        )}
        {control.waiting && (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }} role="status">
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">{t('trading.dashboard.applying')}</Typography>
          </Stack>
        )}
      </Stack>
      {control.error !== null && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t(dynamicKey(errorKey(control.error)))}
        </Alert>
      )}
      {data?.blockedBy && !control.waiting && (
        <Alert
          severity={data.configured ? 'info' : 'warning'}
          sx={{ mt: 1 }}
          action={
            data.configured ? undefined : (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={CONFIGURE_PATH[String(data.blockedBy.params.missing)] ?? '/geralconfig'}
              >
                {t('trading.dashboard.configure')}
              </Button>
            )
          }
        >
          {messageText(t, i18n.language, data.blockedBy)}
        </Alert>
      )}
    </>
  );
}

/**
 * What the bot's broker can do, beside its account: "(somente simulador)" where this installation
 * cannot trade, "(negociação real)" where the bot trades at the broker, and how to connect when the
 * broker could trade but this bot is on the simulator (never "real trading" beside "Simulador").
 */
function CapabilityNote({
  simulator,
  realTrading,
}: {
  simulator: boolean;
  realTrading: boolean | null;
}) {
  const { t } = useTranslation();
  if (realTrading === null || (!simulator && !realTrading)) return null;
  if (simulator && realTrading) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        <Link component={RouterLink} to={PATHS.brokers}>
          {t('trading.dashboard.connectBroker')}
        </Link>
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
      ({t(`brokers.capability.${realTrading ? 'real' : 'simulator'}`)})
    </Typography>
  );
}

/** The earliest expiry among the open orders, or null when none is open. */
function earliestOf(orders: readonly { expiresAt: number }[] | undefined): number | null {
  if (!orders || orders.length === 0) return null;
  return Math.min(...orders.map((o) => o.expiresAt));
}

/** The home dashboard of the selected bot: on/off, figures, open and next orders. */
export function TradingDashboard({ userid }: { userid: string }) {
  const { t } = useTranslation();
  // From home's first read of the dashboard: the stream sends what came after it.
  const poll = useTradingLive(userid, useStreamStart(userid));
  const [fast, setFast] = useState(false);
  const [overdue, setOverdue] = useState(false);
  // While the switch waits for the robot, re-read faster than the live fallback; once an open
  // order's expiry has passed, poll until its result is in, even with the stream open (a lost
  // event must not leave a settled order on screen as open).
  const query = useTradingDashboard(
    userid,
    fast ? SWITCH_POLL_MS : overdue ? TRADING_POLL_MS : poll,
  );
  const dashboard = query.data;
  const earliestExpiry = earliestOf(dashboard?.openOrders);
  useEffect(() => {
    if (earliestExpiry === null) {
      setOverdue(false);
      return undefined;
    }
    const wait = earliestExpiry - Date.now();
    setOverdue(wait <= 0);
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setOverdue(true), wait);
    return () => clearTimeout(timer);
  }, [earliestExpiry]);
  const control = useBotSwitch(userid, dashboard?.running);
  useEffect(() => setFast(control.waiting), [control.waiting]);
  return (
    <Card component="section" aria-labelledby="dashboard-heading" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="dashboard-heading" gutterBottom>
          {t('trading.dashboard.title', { userid })}
        </Typography>
        <RunSwitch data={dashboard} control={control} />
        {dashboard && <FirstRunChecklist data={dashboard} />}
        <Box sx={{ mt: 2 }}>
          <QueryState
            pending={query.isPending}
            error={query.error}
            onRetry={() => void query.refetch()}
          >
            {dashboard && <DashboardFigures data={dashboard} />}
          </QueryState>
        </Box>
      </CardContent>
    </Card>
  );
}
