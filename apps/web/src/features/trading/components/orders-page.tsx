import {
  ORDER_RESULTS,
  type OrderState,
  type OrdersPage,
  type SignalScore,
  type TradingOrder,
  supportedLanguage,
} from '@app/contract';
import { groupBySignal, signalOutcome, signalResultOf } from '@app/robot';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  ListSubheader,
  Stack,
  Switch,
  FormControlLabel,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dynamicKey, type I18nKey } from '../../../i18n/keys.ts';
import { storage } from '../../../lib/storage.ts';
import {
  ordersCsvUrl,
  useTradingLive,
  useTradingOrders,
  type OrdersFilter,
} from '../api/trading.ts';
import { resultColor, useTradingFormat } from '../../../lib/trading-format.ts';
import { hitRateText, winsByStepText } from '../../../components/results/signal-score.tsx';
import { SimulatorChip } from '../../../components/results/simulator-chip.tsx';
import { priceLabel } from '../price-label.ts';
import { useTradeLabel } from './order-line.tsx';
import { Stat, StatGrid } from './stat.tsx';
import { LoadMore, TradingScreen } from './trading-screen.tsx';

const DAY_MS = 86_400_000;

const STATE_COLOR: Record<OrderState, ChipProps['color']> = {
  placed: 'default',
  open: 'info',
  won: 'success',
  lost: 'error',
  draw: 'warning',
  failed: 'error',
};

interface FilterForm {
  from: string;
  to: string;
  channel: string;
  asset: string;
  result: string;
}

const EMPTY_FORM: FilterForm = { from: '', to: '', channel: '', asset: '', result: '' };

/** `yyyy-mm-dd` of a date input as the start of that day in the trader's own time zone, ms. */
function dayStart(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
}

/** The form as the query's filters: dates to instants ("to" includes its whole day), blanks left out. */
export function toOrdersFilter(form: FilterForm): OrdersFilter {
  const from = dayStart(form.from);
  const toDay = dayStart(form.to);
  const result = (ORDER_RESULTS as readonly string[]).includes(form.result)
    ? (form.result as OrdersFilter['result'])
    : undefined;
  return {
    ...(from === undefined ? {} : { from }),
    ...(toDay === undefined ? {} : { to: toDay + DAY_MS }),
    ...(form.channel.trim() ? { channel: form.channel.trim() } : {}),
    ...(form.asset.trim() ? { asset: form.asset.trim().toUpperCase() } : {}),
    ...(result ? { result } : {}),
  };
}

type ChannelOption = OrdersPage['channels'][number];

function Filters({
  onApply,
  channels,
}: {
  onApply: (form: FilterForm) => void;
  channels: readonly ChannelOption[];
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const field = (name: keyof FilterForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    size: 'small' as const,
    slotProps: { inputLabel: { shrink: true } },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(form);
  }
  return (
    <Box
      component="form"
      aria-label={t('trading.orders.filters')}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(5, minmax(0, 1fr)) auto',
        },
        gap: 1.5,
        alignItems: 'center',
        mb: 2,
      }}
    >
      <TextField type="date" label={t('trading.orders.from')} {...field('from')} />
      <TextField type="date" label={t('trading.orders.to')} {...field('to')} />
      <TextField
        select
        label={t('trading.orders.channel')}
        {...field('channel')}
        slotProps={{ inputLabel: { shrink: true }, select: { native: true } }}
      >
        <option value="">{t('trading.orders.anyResult')}</option>
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.name ?? t('results.unnamed')}
          </option>
        ))}
      </TextField>
      <TextField label={t('trading.orders.asset')} {...field('asset')} />
      <TextField
        select
        label={t('trading.orders.result')}
        {...field('result')}
        slotProps={{ inputLabel: { shrink: true }, select: { native: true } }}
      >
        <option value="">{t('trading.orders.anyResult')}</option>
        {ORDER_RESULTS.map((result) => (
          <option key={result} value={result}>
            {t(dynamicKey(`trading.orders.state.${result}`))}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained">
        {t('trading.orders.apply')}
      </Button>
    </Box>
  );
}

function Totals({ totals, score }: { totals: OrdersPage['totals']; score: SignalScore }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (
    <Box component="section" aria-label={t('trading.orders.totals')} sx={{ mb: 2 }}>
      <StatGrid>
        <Stat label={t('trading.orders.signals')}>{score.signals}</Stat>
        <Stat label={t('trading.orders.score')}>
          {t('trading.score', { wins: score.wins, losses: score.losses })}
        </Stat>
        <Stat label={t('trading.dashboard.winsByStep')}>
          {winsByStepText(t, score) || t('robot.value.none')}
        </Stat>
        <Stat label={t('trading.dashboard.hitRate')}>{hitRateText(t, format, score)}</Stat>
        <Stat label={t('trading.orders.count')}>{totals.count}</Stat>
        <Stat label={t('trading.orders.draws')}>{totals.draws}</Stat>
        <Stat label={t('trading.orders.failed')}>{totals.failed}</Stat>
        <Stat label={t('trading.orders.open')}>{totals.open}</Stat>
        <Stat label={t('trading.orders.staked')}>{format.money(totals.stakeCents)}</Stat>
        <Stat label={t('trading.orders.pnl')} color={resultColor(totals.pnlCents)}>
          {format.result(totals.pnlCents)}
        </Stat>
      </StatGrid>
    </Box>
  );
}

function OrderLine({ order }: { order: TradingOrder }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const label = useTradeLabel();
  // The ledger keeps a broker's or the runtime's code (`timeout`) or a full key.
  const reason = order.failReason;
  const failure =
    order.state === 'failed' && reason
      ? ` · ${t(
          (reason.startsWith('robot.')
            ? [reason]
            : [`robot.order.${reason}`, `robot.value.reason.${reason}`]) as I18nKey[],
          { defaultValue: t('robot.value.reason.unknown') },
        )}`
      : '';
  return (
    <ListItem divider disableGutters sx={{ gap: 1 }}>
      <ListItemText
        sx={{ minWidth: 0, m: 0, overflowWrap: 'anywhere' }}
        primary={label(order)}
        secondary={
          <>
            {[
              t('trading.orders.entryExpiry', {
                entry: format.dateTime(order.sendAt),
                expiry: format.time(order.expiresAt),
              }),
              order.channelName ?? order.channelId ?? t('trading.orders.noChannel'),
              `${format.money(order.stakeCents)}${failure}`,
              ...orderPrice(t, order),
            ].join(' · ')}
            {order.simulator && <SimulatorChip />}
          </>
        }
      />
      <Stack sx={{ alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
        <Chip
          size="small"
          color={STATE_COLOR[order.state]}
          label={t(dynamicKey(`trading.orders.state.${order.state}`))}
        />
        <Typography
          variant="body2"
          sx={{ color: resultColor(order.pnlCents), fontVariantNumeric: 'tabular-nums' }}
        >
          {order.pnlCents === null ? t('robot.value.none') : format.result(order.pnlCents)}
        </Typography>
      </Stack>
    </ListItem>
  );
}

/** The outcome of a signal in words: "Win no G1", "Loss", "Empate", "em andamento". */
function useOutcomeText() {
  const { t } = useTranslation();
  return (orders: readonly TradingOrder[]) => {
    const outcome = signalOutcome(orders);
    switch (outcome.kind) {
      case 'won':
        return outcome.step === 0
          ? t('trading.orders.outcome.wonAtEntry')
          : t('trading.orders.outcome.wonAtGale', { step: outcome.step });
      case 'lost':
        return t('trading.orders.state.lost');
      case 'draw':
        return t('trading.orders.state.draw');
      case 'open':
        return t('trading.orders.state.open');
      default:
        return t('trading.orders.state.failed');
    }
  };
}

/** One signal's orders under one heading with its result (an order without a signal alone). */
function SignalGroup({ orders }: { orders: TradingOrder[] }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const outcome = useOutcomeText();
  const first = orders[0];
  if (!first) return null;
  const ordered = [...orders].sort((a, b) => a.galeLevel - b.galeLevel);
  // The signal's net, its gale win netting the losses before it (the score's signalResultOf).
  const signal = signalResultOf(orders);
  const settled = signal.outcome.kind !== 'open' && signal.outcome.kind !== 'failed';
  return (
    <li
      aria-label={t('trading.orders.signalGroup', { asset: first.asset, result: outcome(orders) })}
    >
      <List dense disablePadding>
        <ListSubheader disableGutters sx={{ lineHeight: 2, bgcolor: 'background.paper' }}>
          {t('trading.orders.signalGroup', { asset: first.asset, result: outcome(orders) })}
          {settled && (
            <> · {t('trading.orders.signalNet', { net: format.result(signal.pnlCents) })}</>
          )}
          {' · '}
          {first.channelName ?? first.channelId ?? t('trading.orders.noChannel')}
        </ListSubheader>
        {ordered.map((order) => (
          <OrderLine key={order.id} order={order} />
        ))}
      </List>
    </li>
  );
}

/** The orders page (`/orders`): history with filters, totals and the CSV export. */
export function OrdersPage() {
  const { t } = useTranslation();
  const userid = storage.get('userId') ?? '';
  const [filter, setFilter] = useState<OrdersFilter>({});
  const poll = useTradingLive(userid);
  const query = useTradingOrders(userid, filter, poll);
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const first = query.data?.pages[0];
  const [iso, setIso] = useState(false);
  const { i18n } = useTranslation();
  const lang = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'pt-BR';
  return (
    <TradingScreen
      title={t('trading.orders.title')}
      subtitle={t('trading.orders.subtitle')}
      poll={poll}
      query={query}
      above={
        <Filters
          channels={first?.channels ?? []}
          onApply={(form) => setFilter(toOrdersFilter(form))}
        />
      }
      end={
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Button
            component="a"
            href={ordersCsvUrl(userid, filter, { format: iso ? 'iso' : 'local', lang })}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            {t('trading.orders.csv')}
          </Button>
          <FormControlLabel
            control={<Switch checked={iso} onChange={(_, on) => setIso(on)} />}
            label={t('trading.orders.csvIso')}
          />
        </Stack>
      }
    >
      {first && <Totals totals={first.totals} score={first.score} />}
      {orders.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('trading.orders.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('trading.orders.title')}>
          {groupBySignal(orders).map((group) => (
            <SignalGroup key={group[0]?.id} orders={group} />
          ))}
        </List>
      )}
      <LoadMore query={query} />
    </TradingScreen>
  );
}

/**
 * How a paper order is priced: its source once settled, "pending market data" while an expired
 * simulator order waits for the market's price (never guessed).
 */
function orderPrice(t: TFunction, order: TradingOrder): string[] {
  const label = priceLabel(t, order.priceSource);
  if (label) return [label];
  if (order.simulator && order.state === 'open' && order.settledAt === null) {
    return order.expiresAt + PENDING_AFTER_MS < Date.now() ? [t('robot.price.pending')] : [];
  }
  return [];
}

/** An expired paper order still open after this long is waiting for market data. */
const PENDING_AFTER_MS = 5_000;
