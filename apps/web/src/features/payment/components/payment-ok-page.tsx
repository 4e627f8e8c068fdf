import {
  buyRobotEndpoints,
  PURCHASE_POLL_MS,
  PurchaseIdSchema,
  type PurchaseState,
} from '@app/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpIcon from '@mui/icons-material/Help';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { usePriceFormat } from '../../../components/preview/use-price-format.ts';
import { api } from '../../../lib/api.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const ICONS: Record<PurchaseState | 'unknown', typeof CheckCircleIcon> = {
  paid: CheckCircleIcon,
  waiting: HourglassTopIcon,
  failed: CancelIcon,
  expired: CancelIcon,
  unknown: HelpIcon,
};
const COLORS = {
  paid: 'success',
  waiting: 'info',
  failed: 'error',
  expired: 'warning',
  unknown: 'disabled',
} as const;

/**
 * `/paymentok?purchase=<id>`: where the payment provider sends the buyer back. Shows the real
 * state of that purchase (asked again while it waits), not always "confirmed".
 */
export function PaymentOkPage() {
  const { t } = useTranslation();
  const price = usePriceFormat();
  const [params] = useSearchParams();
  const id = params.get('purchase') ?? '';
  const valid = PurchaseIdSchema.safeParse(id).success;
  const query = useQuery({
    queryKey: queryKeys.purchase.of(id),
    queryFn: () => api(buyRobotEndpoints.purchaseStatus, { query: { id } }),
    enabled: valid,
    retry: false,
    refetchInterval: (q) =>
      q.state.data === undefined || q.state.data.state === 'waiting' ? PURCHASE_POLL_MS : false,
  });
  const data = query.data;
  const state: PurchaseState | 'unknown' = data?.state ?? 'unknown';
  const Icon = ICONS[state];
  const loading = valid && query.isPending;

  return (
    <PageCard title={t(`payment.titles.${state}`)} maxWidth={520}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="status">
        {loading ? (
          <CircularProgress aria-label={t('payment.titles.waiting')} />
        ) : (
          <>
            <Icon color={COLORS[state]} sx={{ fontSize: 48 }} aria-hidden />
            <Typography>{t(`payment.messages.${state}`)}</Typography>
            {data ? (
              <Typography variant="body2" color="text.secondary">
                {t('payment.summary', {
                  bots: data.bots,
                  days: data.days,
                  price: price(data.amountCents, data.currency),
                })}
              </Typography>
            ) : null}
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={RouterLink} to={PATHS.home} variant="contained">
            {t('payment.home')}
          </Button>
          {state !== 'paid' && state !== 'waiting' ? (
            <Button component={RouterLink} to={PATHS.buy} variant="outlined">
              {t('payment.buyAgain')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </PageCard>
  );
}
