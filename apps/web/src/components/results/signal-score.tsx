import type { SignalScore } from '@app/contract';
import { Box, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { resultColor, useTradingFormat } from '../../lib/trading-format.ts';

type Format = ReturnType<typeof useTradingFormat>;

/** "2 at entry · 1 at G2": a score's wins by the step they won at (steps without wins left out). */
export function winsByStepText(t: TFunction, score: SignalScore): string {
  return score.winsByStep
    .map((count, step) =>
      count === 0
        ? null
        : step === 0
          ? t('results.winsAtEntry', { count })
          : t('results.winsAtGale', { count, step }),
    )
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** "75 % · break-even 81,3 %" (or the dash before the first decided signal). */
export function hitRateText(t: TFunction, format: Format, score: SignalScore): string {
  if (score.hitRatePct === null) return t('robot.value.none');
  const hit = t('trading.pct', { value: format.pct(score.hitRatePct) });
  return score.breakEvenRatePct === null
    ? hit
    : t('results.hitVsBreakEven', {
        hit,
        breakEven: t('trading.pct', { value: format.pct(score.breakEvenRatePct) }),
      });
}

/**
 * A score per signal in one or two lines: "4 × 0 · 100 % · break-even 55,6 %" over its wins by
 * step and result. The compact form of the channel cards and the results list.
 */
export function SignalScoreSummary({ score }: { score: SignalScore }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  if (score.signals === 0 && score.open === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('results.noSignals')}
      </Typography>
    );
  }
  const steps = winsByStepText(t, score);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <strong>{t('trading.score', { wins: score.wins, losses: score.losses })}</strong>
        {' · '}
        {hitRateText(t, format, score)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          t('results.signalsCount', { count: score.signals }),
          steps,
          score.draws > 0 ? t('results.drawsCount', { count: score.draws }) : '',
          score.open > 0 ? t('results.openCount', { count: score.open }) : '',
        ]
          .filter((part) => part !== '')
          .join(' · ')}
        {' · '}
        <Box component="span" sx={{ color: resultColor(score.pnlCents) }}>
          {format.result(score.pnlCents)}
        </Box>
      </Typography>
    </Box>
  );
}
