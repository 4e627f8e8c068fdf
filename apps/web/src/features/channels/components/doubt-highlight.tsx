import type { DoubtToken } from '@app/contract';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';

/** The message as tested, the tokens not understood marked (offsets into that same text). */
export function DoubtHighlight({
  text,
  tokens,
  onTeach,
}: {
  text: string;
  tokens: readonly DoubtToken[];
  /** Teach this token (absent: the caller cannot teach the channel). */
  onTeach?: (token: DoubtToken) => void;
}) {
  const { t } = useTranslation();
  const parts: { text: string; token?: DoubtToken }[] = [];
  let at = 0;
  for (const token of [...tokens].sort((a, b) => a.start - b.start)) {
    if (token.start < at || token.end > text.length) continue;
    if (token.start > at) parts.push({ text: text.slice(at, token.start) });
    parts.push({ text: text.slice(token.start, token.end), token });
    at = token.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return (
    <Box component="section" aria-labelledby="tester-doubts" sx={{ mt: 2 }}>
      <Typography id="tester-doubts" variant="subtitle1" component="h3">
        {t('vocabulary.doubtsTitle')}
      </Typography>
      <Box
        component="p"
        aria-label={t('vocabulary.doubtsMessage')}
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'monospace',
          p: 1.5,
          my: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {parts.map((part, index) =>
          part.token ? (
            <Box
              component="mark"
              key={index}
              title={t(dynamicKey(`vocabulary.doubtReason.${part.token.reason}`))}
              sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.25, borderRadius: 0.5 }}
            >
              {part.text}
            </Box>
          ) : (
            <Fragment key={index}>{part.text}</Fragment>
          ),
        )}
      </Box>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {tokens.map((token) => (
          <Stack
            component="li"
            key={`${token.start}-${token.end}`}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
              {t('vocabulary.doubtLine', {
                word: token.text,
                line: token.line,
                reason: t(dynamicKey(`vocabulary.doubtReason.${token.reason}`)),
              })}
            </Typography>
            {onTeach && (
              <Button size="small" variant="outlined" onClick={() => onTeach(token)}>
                {t('vocabulary.teachWord', { word: token.text })}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
