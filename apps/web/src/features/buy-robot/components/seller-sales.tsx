import type { Currency, SellerSale } from '@app/contract';
import { Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/cards/card-list.tsx';
import { usePriceFormat } from '../../../components/preview/use-price-format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSellerSales } from '../api/buy-robot.ts';
import { dateTimeFormat } from '../../../lib/intl-format.ts';

/** Each currency's sum of the sales (BRL first), for the report's total line. */
function totals(sales: readonly SellerSale[]): [Currency, number][] {
  const sums = new Map<Currency, number>();
  for (const s of sales) sums.set(s.currency, (sums.get(s.currency) ?? 0) + s.amountCents);
  return (['brl', 'usd'] as const).filter((c) => sums.has(c)).map((c) => [c, sums.get(c) ?? 0]);
}

/**
 * The seller's commission report: the paid purchases whose buyers came through this
 * bot's referral link (`/comprar?sellerid=<id>`), newest first, with the total per currency.
 */
export function SellerSales({ userid }: { userid: string }) {
  const { t, i18n } = useTranslation();
  const price = usePriceFormat();
  const sales = useSellerSales(userid);
  const date = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const referral = `${window.location.origin}${PATHS.buy}?sellerid=${encodeURIComponent(userid)}`;
  const sum = totals(sales.data ?? []);
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="seller-sales-title" sx={{ mt: 3 }}>
      <Divider />
      <Typography id="seller-sales-title" variant="h6" component="h2">
        {t('buyRobot.sales.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('buyRobot.sales.help', { link: referral })}
      </Typography>
      <CardList
        query={sales}
        keyOf={(s) => `${s.paidAt}-${s.subid}-${s.amountCents}`}
        label={t('buyRobot.sales.label')}
        emptyText={t('buyRobot.sales.empty')}
        renderCard={(s) => (
          <Card variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {date.format(s.paidAt)}
              </Typography>
              <Typography>
                {t('buyRobot.plan', {
                  bots: s.bots,
                  days: s.days,
                  price: price(s.amountCents, s.currency),
                })}
              </Typography>
            </CardContent>
          </Card>
        )}
      />
      {sum.length > 0 ? (
        <Typography sx={{ fontWeight: 600 }}>
          {t('buyRobot.sales.total', {
            amount: sum.map(([c, cents]) => price(cents, c)).join(' + '),
          })}
        </Typography>
      ) : null}
    </Stack>
  );
}
