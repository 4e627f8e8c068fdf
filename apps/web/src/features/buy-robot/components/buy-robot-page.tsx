import {
  BUY_TOAST_MS,
  checkBuyRobot,
  CRYPTO_NETWORKS,
  CUSTOM_PLAN_DAYS,
  CUSTOM_PLAN_MIN_BOTS,
  customPlanPriceCents,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  METHOD_CURRENCIES,
  METHODS_NEEDING_CPF,
  PAYMENT_METHODS,
  plansFor,
  type CryptoNetwork,
  type Currency,
  type PaymentMethod,
  type Purchase,
} from '@app/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Link,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { usePriceFormat } from '../../../components/preview/use-price-format.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { storage } from '../../../lib/storage.ts';
import {
  createPurchase,
  useBuyerBots,
  usePayMethods,
  usePurchaseStatus,
} from '../api/buy-robot.ts';
import { SellerSales } from './seller-sales.tsx';

const SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The seller id of a referral link, kept only when it is not the buyer's own id (SPEC §4). */
function useSellerId(userid: string): [string, (v: string) => void] {
  const [params] = useSearchParams();
  const fromQuery = params.get('sellerid')?.trim() ?? '';
  const [sellerid, setSellerid] = useState(() => fromQuery || storage.get('sellerID') || '');
  useEffect(() => {
    if (fromQuery !== '' && fromQuery !== userid) storage.set('sellerID', fromQuery);
  }, [fromQuery, userid]);
  return [sellerid, setSellerid];
}

/**
 * Buy or renew the robot (`/comprar`, SPEC §2, §4, §5, §9): plan, method, currency,
 * the custom plan, CPF and network where needed; "Generate link" creates the purchase on the
 * server (which prices it), opens the link in a new tab and follows its state without a reload.
 * Hand-built rather than a FormShell: every choice resets others (SPEC §4) and errors are a
 * toast, not field messages.
 */
export function BuyRobotPage() {
  const { t } = useTranslation();
  const price = usePriceFormat();
  const queryClient = useQueryClient();
  const { userid } = useCurrentBot();
  const [sellerid, setSellerid] = useSellerId(userid);
  const methods = usePayMethods(userid);
  const accountBots = useBuyerBots(userid).data ?? [];
  const [paymethod, setPaymethod] = useState<PaymentMethod | ''>(DEFAULT_PAYMENT_METHOD);
  const [coin, setCoin] = useState<Currency>(DEFAULT_CURRENCY[DEFAULT_PAYMENT_METHOD]);
  const [subid, setSubid] = useState('');
  const [custom, setCustom] = useState(false);
  const [quantity, setQuantity] = useState(0);
  const [days, setDays] = useState<number>(CUSTOM_PLAN_DAYS[0]);
  const [cpf, setCpf] = useState('');
  const [network, setNetwork] = useState<CryptoNetwork | ''>('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [toast, setToast] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ link: string; purchase: string } | null>(null);
  const status = usePurchaseStatus(result?.purchase ?? null);
  const state = status.data?.state;

  // Another choice is another purchase: the last link no longer matches the form.
  useEffect(() => setResult(null), [paymethod, coin, subid, custom, quantity, days]);
  useEffect(() => {
    if (state === 'paid')
      void queryClient.invalidateQueries({ queryKey: queryKeys.botsManager.all });
  }, [state, queryClient]);

  const available = new Map((methods.data ?? []).map((m) => [m.method, m.available]));
  const plans = paymethod === '' ? [] : plansFor(paymethod, coin);
  const plan = plans.find((p) => p.subid === subid);
  const planBots = custom ? quantity : (plan?.bots ?? 0);
  const needsCpf = paymethod !== '' && METHODS_NEEDING_CPF.includes(paymethod);
  const currencies = paymethod === '' ? [] : METHOD_CURRENCIES[paymethod];
  const mustChoose = planBots > 1 && accountBots.length > planBots;
  const disabled =
    busy ||
    userid === '' ||
    (subid === '' && !custom) ||
    paymethod === '' ||
    (paymethod === 'crypto' && coin === 'brl');

  function chooseMethod(next: PaymentMethod | '') {
    setPaymethod(next);
    // SPEC §4: another method forces its currency and clears the plan.
    if (next !== '') setCoin(DEFAULT_CURRENCY[next]);
    setSubid('');
  }

  function toggleCustom(on: boolean) {
    setCustom(on);
    // SPEC §4: unchecking the custom plan resets the quantity.
    if (!on) setQuantity(0);
    else if (quantity < CUSTOM_PLAN_MIN_BOTS) setQuantity(CUSTOM_PLAN_MIN_BOTS);
  }

  function toggleBot(id: string, on: boolean) {
    setChosen((list) => (on ? [...list, id] : list.filter((b) => b !== id)));
  }

  async function generate() {
    const values = { userid, subid, paymethod, custom, quantity, days, coin, network, cpf };
    const failure = checkBuyRobot(values);
    if (failure) {
      setToast(failure.key);
      return;
    }
    const body: Purchase = {
      userid,
      subid: custom ? '' : subid,
      coin,
      quantity: custom ? quantity : 0,
      paymethod: paymethod as PaymentMethod,
      ...(custom ? { custom: true, days } : {}),
      ...(sellerid.trim() !== '' && sellerid.trim() !== userid
        ? { sellerid: sellerid.trim() }
        : {}),
      ...(needsCpf ? { cpf: cpf.trim() } : {}),
      ...(paymethod === 'crypto' && network !== '' ? { network } : {}),
      ...(mustChoose ? { bots: chosen } : {}),
    };
    // Opened now, while the click still counts as the trader's: a tab opened after the answer
    // would be a popup the browser blocks. It gets the link once the server answers.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    setResult(null);
    try {
      const created = await createPurchase(body);
      setResult(created);
      if (tab) tab.location.href = created.link;
    } catch (error) {
      tab?.close();
      setToast(errorKey(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageCard title={t('buyRobot.title')} subtitle={t('buyRobot.subtitle')} maxWidth={640}>
      <Stack spacing={2.5}>
        <TextField
          id="buy-sellerid"
          label={t('buyRobot.fields.sellerid')}
          helperText={t('buyRobot.help.sellerid')}
          value={sellerid}
          onChange={(e) => setSellerid(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          id="buy-userid"
          label={t('buyRobot.fields.userid')}
          value={userid}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          select
          id="buy-paymethod"
          label={t('buyRobot.fields.paymethod')}
          value={paymethod}
          onChange={(e) => chooseMethod(e.target.value as PaymentMethod | '')}
          slotProps={SELECT}
        >
          <option value="">{t('common.empty')}</option>
          {PAYMENT_METHODS.map((m) => {
            const name = t(dynamicKey(`buyRobot.methods.${m}`));
            const on = available.get(m) ?? false;
            return (
              <option key={m} value={m} disabled={!on}>
                {on ? name : t('buyRobot.notAvailable', { method: name })}
              </option>
            );
          })}
        </TextField>
        {currencies.length > 1 ? (
          <TextField
            select
            id="buy-coin"
            label={t('buyRobot.fields.coin')}
            value={coin}
            onChange={(e) => {
              setCoin(e.target.value as Currency);
              // SPEC §4: choosing a currency clears the plan.
              setSubid('');
            }}
            slotProps={SELECT}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {t(dynamicKey(`buyRobot.coins.${c}`))}
              </option>
            ))}
          </TextField>
        ) : null}
        {paymethod === 'crypto' ? (
          <>
            <TextField
              select
              id="buy-network"
              label={t('buyRobot.fields.network')}
              value={network}
              onChange={(e) => setNetwork(e.target.value as CryptoNetwork | '')}
              slotProps={SELECT}
            >
              <option value="">{t('common.empty')}</option>
              {CRYPTO_NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {t(dynamicKey(`buyRobot.networks.${n}`))}
                </option>
              ))}
            </TextField>
            <Alert severity="warning">{t('buyRobot.warnings.network')}</Alert>
          </>
        ) : null}
        <TextField
          select
          id="buy-plan"
          label={t('buyRobot.fields.plan')}
          value={subid}
          disabled={custom}
          onChange={(e) => setSubid(e.target.value)}
          slotProps={SELECT}
        >
          <option value="">{t('common.empty')}</option>
          {plans.map((p) => (
            <option key={p.subid} value={p.subid}>
              {t('buyRobot.plan', { bots: p.bots, days: p.days, price: price(p.priceCents, coin) })}
            </option>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={custom} onChange={(e) => toggleCustom(e.target.checked)} />}
          label={t('buyRobot.fields.custom')}
        />
        {custom ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              id="buy-quantity"
              type="number"
              label={t('buyRobot.fields.quantity')}
              value={quantity}
              onChange={(e) => setQuantity(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
              slotProps={{ htmlInput: { min: CUSTOM_PLAN_MIN_BOTS, max: 1000, step: 1 } }}
              fullWidth
            />
            <TextField
              select
              id="buy-days"
              label={t('buyRobot.fields.days')}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              slotProps={SELECT}
              fullWidth
            >
              {CUSTOM_PLAN_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </TextField>
          </Stack>
        ) : null}
        {custom && quantity >= CUSTOM_PLAN_MIN_BOTS ? (
          <Typography>
            {t('buyRobot.customPrice', {
              price: price(customPlanPriceCents(coin, quantity, days), coin),
            })}
          </Typography>
        ) : null}
        {needsCpf ? (
          <TextField
            id="buy-cpf"
            label={t('buyRobot.fields.cpf')}
            helperText={t('buyRobot.help.cpf')}
            value={cpf}
            onChange={(e) => setCpf(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 14, inputMode: 'numeric', autoComplete: 'off' } }}
          />
        ) : null}
        {mustChoose ? (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('buyRobot.fields.bots')}</FormLabel>
            <Typography variant="body2" color="text.secondary">
              {t('buyRobot.help.bots', { count: planBots })}
            </Typography>
            <FormGroup>
              {accountBots.map((b) => (
                <FormControlLabel
                  key={b.userid}
                  control={
                    <Checkbox
                      checked={chosen.includes(b.userid)}
                      onChange={(e) => toggleBot(b.userid, e.target.checked)}
                    />
                  }
                  label={b.userid}
                />
              ))}
            </FormGroup>
          </Box>
        ) : null}
        <Alert severity={planBots > accountBots.length ? 'warning' : 'info'}>
          {t('buyRobot.warnings.createBots')}
        </Alert>
        <Box>
          <Button
            variant="contained"
            size="large"
            disabled={disabled}
            onClick={() => void generate()}
          >
            {busy ? t('buyRobot.generating') : t('buyRobot.generate')}
          </Button>
        </Box>
        {result ? (
          <Stack spacing={1} role="status">
            <Typography variant="subtitle2">{t('buyRobot.link')}</Typography>
            <Link
              href={result.link}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {result.link}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {t('buyRobot.linkHelp')}
            </Typography>
            {state ? (
              <Alert
                severity={state === 'paid' ? 'success' : state === 'waiting' ? 'info' : 'error'}
              >
                {t('buyRobot.stateLabel', {
                  state: t(dynamicKey(`buyRobot.states.${state}`)),
                })}
                {state === 'paid' ? (
                  <>
                    {' '}
                    <Link component={RouterLink} to={PATHS.botsManager}>
                      {t('buyRobot.botsManager')}
                    </Link>
                  </>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      <SellerSales userid={userid} />
      <Snackbar
        open={toast !== null}
        autoHideDuration={BUY_TOAST_MS}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setToast(null)}>
          {toast ? t(dynamicKey(toast)) : ''}
        </Alert>
      </Snackbar>
    </PageCard>
  );
}
