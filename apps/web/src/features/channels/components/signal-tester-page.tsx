import {
  NOTICE_MS,
  type ChannelSettings,
  type DoubtToken,
  type SignalTestResult,
} from '@app/contract';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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
import { useChannelMessage } from '../api/vocabulary.ts';
import { DoubtHighlight } from './doubt-highlight.tsx';
import { TeachForm } from './teach-form.tsx';
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

/**
 * What the reader did not understand in the tested message, and, for the channel's trader, the
 * form that teaches the channel the word (then the message is read again at once).
 */
function TeachSection({
  result,
  text,
  card,
  userid,
  onTaught,
}: {
  result: SignalTestResult;
  text: string;
  card: ChannelSettings;
  userid: string;
  onTaught: () => void;
}) {
  const { t } = useTranslation();
  const [token, setToken] = useState<DoubtToken | null>(null);
  const [open, setOpen] = useState(false);
  const canTeach = card.traderid === userid;
  const teach = (chosen: DoubtToken | null) => {
    setToken(chosen);
    setOpen(true);
  };
  return (
    <>
      {result.doubtful.length > 0 && (
        <DoubtHighlight
          text={text}
          tokens={result.doubtful}
          {...(canTeach ? { onTeach: teach } : {})}
        />
      )}
      {canTeach ? (
        !open && (
          <Button sx={{ mt: 1 }} onClick={() => teach(null)}>
            {t('vocabulary.teachChannel')}
          </Button>
        )
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('configureChannels.ownerOnly', { traderid: card.traderid })}
        </Typography>
      )}
      {canTeach && open && (
        <Box component="section" aria-label={t('vocabulary.teachTitle')} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {token
              ? t('vocabulary.teachTitleWord', { word: token.text })
              : t('vocabulary.teachTitle')}
          </Typography>
          <TeachForm
            key={token ? `${token.start}-${token.text}` : 'free'}
            userid={userid}
            idNum={card.idNum}
            vocabulary={card.vocabulary ?? []}
            {...(token ? { word: token.text } : {})}
            idPrefix="tester-teach"
            onTaught={() => {
              setOpen(false);
              onTaught();
            }}
          />
        </Box>
      )}
    </>
  );
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
      {/* A stake only under a message with a signal: a result post or chit-chat trades nothing. */}
      {result.lines.some((line) => line.status === 'accepted') && (
        <Typography sx={{ mt: 1, fontWeight: 500 }}>
          {result.stakeCents === null
            ? t('signalTester.noStake')
            : t('signalTester.stake', { stake: money(result.stakeCents) })}
        </Typography>
      )}
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
  // The chat's "tap to teach" link: the tester opens holding that stored message, read at once.
  const messageParam = Number(params.get('message') ?? '');
  const messageId = Number.isInteger(messageParam) && messageParam > 0 ? messageParam : null;
  const stored = useChannelMessage(userid, messageId);
  const wanted = params.get('channel') ?? stored.data?.idNum ?? '';
  const idNum = cards.some((card) => card.idNum === wanted) ? wanted : (cards[0]?.idNum ?? '');
  const card = cards.find((c) => c.idNum === idNum);
  const isLocal = locals.data?.some((channel) => channel.idNum === idNum) ?? false;

  // The text as last tested: the highlighted offsets are into it, whatever is typed since.
  const [tested, setTested] = useState('');
  const test = useMutation({
    mutationFn: (message: string) => {
      setTested(message);
      return testSignal({ userid, idNum, text: message });
    },
  });
  const opened = useRef<number | null>(null);
  const testNow = test.mutate;
  useEffect(() => {
    const message = stored.data;
    // Read once, in its own channel (the link names it; a channel without a card is not tested).
    if (!message || opened.current === message.id || idNum !== message.idNum) return;
    opened.current = message.id;
    setText(message.text);
    testNow(message.text);
  }, [stored.data, idNum, testNow]);
  const send = useMutation({
    mutationFn: () => postToLocalChannel({ userid, idNum, text }),
    onMutate: () => sent.hide(),
    onSuccess: () => {
      sent.show();
      void queryClient.invalidateQueries({ queryKey: queryKeys.signals.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.localChannels.all });
    },
  });
  const failure = test.error ?? send.error ?? stored.error;
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
              if (ready && !test.isPending) test.mutate(text);
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
      {test.data && card && (
        <TeachSection
          result={test.data}
          text={tested}
          card={card}
          userid={userid}
          onTaught={() => test.mutate(tested)}
        />
      )}
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
