import { CHANNEL_LIST_FADE_MS, CHANNEL_LIST_REDIRECT_MS, type ChatChoice } from '@app/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Fade,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CardGrid } from '../../../components/cards/card-grid.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveChatList, updateChatList, useChatList } from '../api/channels.ts';
import { chatName, initialChoice, toggleChat } from '../chat-choice.ts';

type Outcome = 'saved' | 'updating' | null;

/**
 * Channel list (`/channels-list`), SPEC §2, §4, §6: a fading-in grid of checkboxes; a trader's
 * Save stores the choice and returns to the copy signals menu after 2 s, List/update refreshes
 * the list from the messaging account and reloads this screen after 2 s. For a bot that is not
 * its own trader both buttons only say 'Atualizando...' (SPEC §6).
 */
export function ChannelsListPage() {
  const { t } = useTranslation();
  const { userid, traderid, isTrader } = useCurrentBot();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useChatList(userid, traderid);
  const [choice, setChoice] = useState<ChatChoice[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const chosen = choice ?? initialChoice(query.data ?? [], userid);

  const save = useMutation({
    mutationFn: () => saveChatList(userid, chosen),
    onSuccess: () => setOutcome('saved'),
  });
  const update = useMutation({
    mutationFn: () => updateChatList(userid),
    onSuccess: () => setOutcome('updating'),
  });
  const failure = save.error ?? update.error;

  useEffect(() => {
    if (outcome === null || !isTrader) return;
    const timer = setTimeout(() => {
      if (outcome === 'saved') {
        void navigate(PATHS.copySignals);
      } else {
        // "Goes to /channels-list": this screen, read again.
        setOutcome(null);
        setChoice(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.chatList.all });
        void navigate(PATHS.channelsList, { replace: true });
      }
    }, CHANNEL_LIST_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, isTrader, navigate, queryClient]);

  function onButton(action: 'save' | 'update'): void {
    save.reset();
    update.reset();
    if (!isTrader) {
      setOutcome('updating');
      return;
    }
    if (action === 'save') save.mutate();
    else update.mutate();
  }

  const busy = save.isPending || update.isPending || (isTrader && outcome !== null);

  return (
    <PageCard title={t('channelsList.title')} subtitle={t('channelsList.subtitle')} maxWidth={1200}>
      {!isTrader && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('channels.errors.traderOnlySave')}
        </Alert>
      )}
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <Fade in appear timeout={CHANNEL_LIST_FADE_MS}>
          <Box>
            {query.data?.length === 0 ? (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('channelsList.empty')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button component={RouterLink} to={PATHS.addPhone} variant="outlined">
                    {t('channelsList.connectTelegram')}
                  </Button>
                  <Button component={RouterLink} to={PATHS.signalTester} variant="outlined">
                    {t('channelsList.createLocal')}
                  </Button>
                </Stack>
              </Stack>
            ) : (
              <CardGrid label={t('channelsList.gridLabel')}>
                {query.data?.map((chat) => (
                  <FormControlLabel
                    key={chat.chid}
                    sx={{ m: 0, minWidth: 0, '& .MuiFormControlLabel-label': { minWidth: 0 } }}
                    control={
                      <Checkbox
                        checked={chosen.some((entry) => entry.idNum === chat.chid)}
                        onChange={(event) =>
                          setChoice(toggleChat(chosen, chat, event.target.checked, userid))
                        }
                      />
                    }
                    label={
                      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
                        <Typography noWrap title={chatName(chat.chname)}>
                          {chatName(chat.chname)}
                        </Typography>
                        {chat.source === 'inbox' && (
                          <Chip size="small" variant="outlined" label={t('channelsList.local')} />
                        )}
                      </Stack>
                    }
                  />
                ))}
              </CardGrid>
            )}
          </Box>
        </Fade>
      </QueryState>
      <Stack spacing={2} sx={{ mt: 3 }}>
        {outcome === 'saved' && (
          <Alert severity="success" role="status">
            {t('channelsList.saved')}
          </Alert>
        )}
        {outcome === 'updating' && (
          <Alert
            severity="info"
            role="status"
            onClose={isTrader ? undefined : () => setOutcome(null)}
          >
            {t('channelsList.updating')}
          </Alert>
        )}
        {failure && <Alert severity="error">{t(dynamicKey(errorKey(failure)))}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            size="large"
            disabled={busy || !query.data}
            onClick={() => onButton('save')}
          >
            {t('channelsList.save')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={busy}
            onClick={() => onButton('update')}
          >
            {t('channelsList.update')}
          </Button>
        </Stack>
      </Stack>
    </PageCard>
  );
}
