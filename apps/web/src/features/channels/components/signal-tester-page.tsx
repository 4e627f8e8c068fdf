import { NOTICE_MS, type SignalTestResult } from '@app/contract';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { useMoneyFormat } from '../../../components/preview/use-money-format.ts';
import { LatestSignals } from '../../../components/signals/latest-signals.tsx';
import { SignalLines } from '../../../components/signals/signal-lines.tsx';
import { useTimedFlag } from '../../../components/notices/use-timed-flag.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useGroups } from '../api/channels.ts';
import { postToLocalChannel, testSignal, useLocalChannels } from '../api/signal-tester.ts';
import { LocalChannels } from './local-channels.tsx';

/** How many of the chosen channel's latest signals the tester shows. */
const TESTER_SIGNALS = 10;

function offsetText(hours: number): string {
  if (hours === 0) return '';
  const sign = hours > 0 ? '+' : '−';
  const abs = Math.abs(hours);
  const whole = Math.floor(abs);
  const minutes = Math.round((abs - whole) * 60);
  return `${sign}${whole}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

function TestResult({ result }: { result: SignalTestResult }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return (
    <Box component="section" aria-labelledby="tester-result" sx={{ mt: 3 }}>
      <Typography id="tester-result" variant="h6" component="h2">
        {t('signalTester.result')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('signalTester.clock', { offset: offsetText(result.traderTimezone) })}
      </Typography>
      {!result.channelEnabled && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('signalTester.channelDisabled')}
        </Alert>
      )}
      <SignalLines
        lines={result.lines}
        label={t('signalTester.result')}
        emptyText={t('signalTester.noLines')}
      />
      <Typography sx={{ mt: 1, fontWeight: 500 }}>
        {result.stakeCents === null
          ? t('signalTester.noStake')
          : t('signalTester.stake', { stake: money(result.stakeCents) })}
      </Typography>
    </Box>
  );
}

/**
 * Signal tester (`/signal-tester`): paste a message, pick a channel, and see what the
 * reader makes of it with that channel's card (the server runs the reader's own code), the stake
 * the bot would use now, and the channel's latest signals. A local channel also takes the message
 * for real ("send to channel"), and a new local channel can be created here.
 */
export function SignalTesterPage() {
  const { t } = useTranslation();
  const { userid, traderid } = useCurrentBot();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const groups = useGroups(userid, traderid);
  const locals = useLocalChannels(userid);
  const [text, setText] = useState('');
  const sent = useTimedFlag(NOTICE_MS);
  const cards = groups.data ?? [];
  const wanted = params.get('channel') ?? '';
  const idNum = cards.some((card) => card.idNum === wanted) ? wanted : (cards[0]?.idNum ?? '');
  const isLocal = locals.data?.some((channel) => channel.idNum === idNum) ?? false;

  const test = useMutation({ mutationFn: () => testSignal({ userid, idNum, text }) });
  const send = useMutation({
    mutationFn: () => postToLocalChannel({ userid, idNum, text }),
    onMutate: () => sent.hide(),
    onSuccess: () => {
      sent.show();
      void queryClient.invalidateQueries({ queryKey: queryKeys.signals.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.localChannels.all });
    },
  });
  const failure = test.error ?? send.error;
  const ready = idNum !== '' && text.trim() !== '';

  return (
    <PageCard title={t('signalTester.title')} subtitle={t('signalTester.subtitle')} maxWidth={760}>
      <QueryState
        pending={groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
      >
        {cards.length === 0 ? (
          <Alert severity="info">{t('signalTester.noChannels')}</Alert>
        ) : (
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault();
              if (ready && !test.isPending) test.mutate();
            }}
          >
            <TextField
              select
              id="tester-channel"
              label={t('signalTester.fields.idNum')}
              value={idNum}
              onChange={(event) => {
                test.reset();
                setParams({ channel: event.target.value }, { replace: true });
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {cards.map((card) => (
                <option key={card.idNum} value={card.idNum}>
                  {card.name ?? card.idNum}
                </option>
              ))}
            </TextField>
            <TextField
              id="tester-text"
              label={t('signalTester.fields.text')}
              helperText={t('signalTester.help.text')}
              multiline
              minRows={4}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {failure && <Alert severity="error">{t(dynamicKey(errorKey(failure)))}</Alert>}
            {sent.visible && (
              <Alert severity="success" role="status">
                {t('signalTester.sent')}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!ready || test.isPending}
              >
                {test.isPending ? t('signalTester.testing') : t('signalTester.test')}
              </Button>
              <Button
                variant="outlined"
                size="large"
                disabled={!ready || !isLocal || send.isPending}
                onClick={() => send.mutate()}
              >
                {t('signalTester.send')}
              </Button>
            </Stack>
            {!isLocal && (
              <Typography variant="caption" color="text.secondary">
                {t('signalTester.sendLocalOnly')}
              </Typography>
            )}
          </Stack>
        )}
      </QueryState>
      {test.data && <TestResult result={test.data} />}
      {idNum !== '' && (
        <LatestSignals
          userid={userid}
          idNum={idNum}
          limit={TESTER_SIGNALS}
          title={t('signalTester.latest')}
          emptyText={t('signals.empty')}
        />
      )}
      <LocalChannels userid={userid} />
    </PageCard>
  );
}
