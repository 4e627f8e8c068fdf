import type { ImpactSignal, VocabularyImpact } from '@app/contract';
import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';

/** A signal as the comparison shows it: `EURUSD CALL 14:30 M5 G2`. */
function signalsText(signals: readonly ImpactSignal[], none: string): string {
  if (signals.length === 0) return none;
  return signals
    .map((s) =>
      [
        s.asset,
        s.direction,
        s.time ?? '',
        `M${s.timeframeMin}`,
        s.gales === null ? '' : `G${s.gales}`,
      ]
        .filter((part) => part !== '')
        .join(' '),
    )
    .join(' · ');
}

/**
 * What a taught word changes in the channel's stored messages (the reader's own reading of each,
 * before and after): counts, then a few examples with the signals before → after.
 */
export function ImpactSummary({ impact }: { impact: VocabularyImpact }) {
  const { t } = useTranslation();
  const none = t('vocabulary.impactNone');
  return (
    <Box component="section" aria-label={t('vocabulary.impactTitle')} sx={{ mt: 2 }}>
      <Alert severity={impact.noLongerRead > 0 ? 'warning' : 'info'} role="status">
        {impact.messages === 0
          ? t('vocabulary.impactNoHistory')
          : t('vocabulary.impactCounts', {
              messages: impact.messages,
              newlyRead: impact.newlyRead,
              changed: impact.changed,
              noLongerRead: impact.noLongerRead,
            })}
      </Alert>
      {impact.examples.length > 0 && (
        <List dense disablePadding aria-label={t('vocabulary.impactExamples')}>
          {impact.examples.map((e) => (
            <ListItem key={`${e.kind}-${e.messageId}`} divider disableGutters>
              <ListItemText
                sx={{ overflowWrap: 'anywhere' }}
                primary={
                  <>
                    <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                      {t(dynamicKey(`vocabulary.impactKind.${e.kind}`))}
                    </Typography>
                    {': '}
                    {signalsText(e.before, none)} → {signalsText(e.after, none)}
                  </>
                }
                secondary={e.text}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
