import type { ChannelSettings } from '@app/contract';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { useChannelDoubts } from '../api/vocabulary.ts';
import { TeachForm, VocabularyList } from './teach-form.tsx';

/** The tester holding a stored message of the channel. */
export function testerLink(idNum: string, messageId: number | null): string {
  const query = new URLSearchParams({ channel: idNum });
  if (messageId !== null) query.set('message', String(messageId));
  return `${PATHS.signalTester}?${query.toString()}`;
}

/**
 * The card's taught vocabulary (shown to everyone, edited by the channel's trader) and its doubts:
 * the messages not understood that got no chat message (one per 10 minutes), with a link to the
 * latest in the tester.
 */
export function ChannelVocabulary({ card, userid }: { card: ChannelSettings; userid: string }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const isOwner = card.traderid === userid;
  const doubts = useChannelDoubts(userid).data?.find((d) => d.idNum === card.idNum);
  const [teaching, setTeaching] = useState(false);
  const vocabulary = card.vocabulary ?? [];
  return (
    <Box component="section" aria-label={t('vocabulary.title')} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {t('vocabulary.title')}
      </Typography>
      {doubts && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
          <Typography variant="body2" role="status">
            {t('vocabulary.doubtsCount', {
              count: doubts.unsent,
              at: format.dateTime(doubts.lastAt),
            })}
          </Typography>
          <Link component={RouterLink} to={testerLink(card.idNum, doubts.lastMessageId)}>
            {t('vocabulary.openLatest')}
          </Link>
        </Stack>
      )}
      <VocabularyList
        userid={userid}
        idNum={card.idNum}
        vocabulary={vocabulary}
        editable={isOwner}
      />
      {isOwner &&
        (teaching ? (
          <TeachForm
            userid={userid}
            idNum={card.idNum}
            vocabulary={vocabulary}
            idPrefix={`chan-${card.idNum}-teach`}
            onTaught={() => setTeaching(false)}
          />
        ) : (
          <Button sx={{ mt: 1 }} onClick={() => setTeaching(true)}>
            {t('vocabulary.teachChannel')}
          </Button>
        ))}
    </Box>
  );
}
