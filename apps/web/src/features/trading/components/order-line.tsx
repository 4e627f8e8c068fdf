import type { ScheduledEntry, TradingOrder } from '@app/contract';
import { Button, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { formatCountdown } from '../api/live.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';

/** "EURUSD · Compra · gale 1": what an order or a planned entry trades. */
export function useTradeLabel() {
  const { t } = useTranslation();
  return ({
    asset,
    direction,
    galeLevel,
  }: Pick<TradingOrder, 'asset' | 'direction' | 'galeLevel'>) =>
    [
      asset,
      t(dynamicKey(`trading.direction.${direction}`)),
      galeLevel === 0 ? t('trading.entry') : t('trading.gale', { level: galeLevel }),
    ].join(' · ');
}

/**
 * An open order with its stake, its entry and expiry times and a live countdown to expiry (`now`
 * ticks every second).
 */
export function OpenOrderLine({ order, now }: { order: TradingOrder; now: number }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const label = useTradeLabel();
  const left = order.expiresAt - now;
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={label(order)}
        secondary={[
          t('trading.stakeAt', {
            stake: format.money(order.stakeCents),
            payout: format.pct(order.payoutPct),
          }),
          // Entry and expiry on the clock, to the second, beside the countdown.
          `${format.time(order.sendAt)} → ${format.time(order.expiresAt)}`,
        ].join(' · ')}
      />
      <Typography
        variant="body2"
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ml: 1 }}
      >
        {left > 0
          ? t('trading.dashboard.expiresIn', { time: formatCountdown(left) })
          : t('trading.dashboard.settling')}
      </Typography>
    </ListItem>
  );
}

/** A planned entry: what it trades, the stake when known, when it goes. */
export function NextEntryLine({
  entry,
  now,
  onCancel,
}: {
  entry: ScheduledEntry;
  now: number;
  /** Asks to cancel this entry (its signal); absent for a gale, which belongs to its ladder. */
  onCancel?: ((entry: ScheduledEntry) => void) | undefined;
}) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const label = useTradeLabel();
  const left = entry.sendAt - now;
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={label(entry)}
        secondary={[
          format.time(entry.sendAt),
          ...(entry.stakeCents === null ? [] : [format.money(entry.stakeCents)]),
          // The same count the tester and the card show (one plan per signal).
          ...(entry.gales === null || entry.galeLevel > 0
            ? []
            : [t('signalOutcome.gales', { count: entry.gales })]),
        ].join(' · ')}
      />
      <Typography
        variant="body2"
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ml: 1 }}
      >
        {left > 0
          ? t('trading.dashboard.sendsIn', { time: formatCountdown(left) })
          : t('trading.dashboard.sending')}
      </Typography>
      {onCancel && entry.signalId !== null && entry.galeLevel === 0 && left > 0 && (
        <Button size="small" color="warning" sx={{ ml: 1 }} onClick={() => onCancel(entry)}>
          {t('pendingEntries.cancel')}
        </Button>
      )}
    </ListItem>
  );
}
