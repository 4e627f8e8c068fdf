import type { MasanielloType } from '@app/contract';
import type { MasanielloIssue } from '@app/robot';
import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { completeNumbers } from '../../../components/form/number-values.ts';
import { StakeTable, StakeTables } from '../../../components/preview/stake-table.tsx';
import { useMoneyFormat } from '../../../components/preview/use-money-format.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { masanielloPreview } from '../../../lib/strategy-previews.ts';
import { MASANIELLO_FIELDS, type MasanielloForm } from '../masaniello-form.ts';
import { numberFormat } from '../../../lib/intl-format.ts';
import { useShellValues } from '../../../components/form/form-area.ts';

const ISSUE_KEYS: Record<MasanielloIssue, string> = {
  k_out_of_range: 'masaniello.preview.issues.kOutOfRange',
  n_out_of_range: 'masaniello.preview.issues.nOutOfRange',
  payout_out_of_range: 'masaniello.preview.issues.payoutOutOfRange',
  no_profit: 'masaniello.preview.issues.noProfit',
};

/**
 * The plan as the robot computes it (ROBOT.md §3), live as the fields change: target capital,
 * first stake, multiplier, warnings, and the stakes of the all-win and all-loss paths.
 */
export function MasanielloPreview() {
  const { t, i18n } = useTranslation();
  const money = useMoneyFormat();
  const values = useShellValues<MasanielloForm>();
  const numbers = completeNumbers(MASANIELLO_FIELDS, values);
  const restart = values.restart === true;
  // The plan and its two runs are worked out again only when a number changes: a re-render with
  // the same values (the form's own state, the screen's deferred first render) reuses them.
  const inputs = numbers && numbers.capital > 0 ? JSON.stringify({ ...numbers, restart }) : null;
  const preview = useMemo(() => {
    if (inputs === null) return null;
    const input = JSON.parse(inputs) as NonNullable<typeof numbers> & { restart: boolean };
    return masanielloPreview({ ...input, typeMas: input.typeMas as MasanielloType });
  }, [inputs]);
  const multiplier = numberFormat(i18n.resolvedLanguage ?? i18n.language, {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  });

  return (
    <Box component="section" aria-label={t('masaniello.preview.title')} sx={{ mt: 4 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('masaniello.preview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('masaniello.preview.subtitle')}
      </Typography>
      {preview === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('preview.fillFields')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          {[...preview.plan.errors, ...preview.plan.warnings].map((issue) => (
            // A note, not an alert: it changes with every keystroke and must not interrupt.
            <Alert
              key={issue}
              role="note"
              severity={preview.plan.errors.includes(issue) ? 'error' : 'warning'}
            >
              {t(dynamicKey(ISSUE_KEYS[issue]))}
            </Alert>
          ))}
          {preview.plan.errors.length === 0 && (
            <>
              <Table
                size="small"
                aria-label={t('masaniello.preview.summary')}
                sx={{ maxWidth: 420 }}
              >
                <TableBody>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('masaniello.preview.target')}
                    </TableCell>
                    <TableCell align="right">{money(preview.plan.targetCents)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('masaniello.preview.firstStake')}
                    </TableCell>
                    <TableCell align="right">{money(preview.plan.firstStakeCents)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('masaniello.preview.multiplier')}
                    </TableCell>
                    <TableCell align="right">
                      {multiplier.format(preview.plan.multiplier)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
              <StakeTables>
                {preview.runs.map((run) => (
                  <StakeTable
                    key={run.kind}
                    title={t(
                      run.kind === 'winning'
                        ? 'masaniello.preview.allWin'
                        : 'masaniello.preview.allLoss',
                    )}
                    caption={t(
                      run.kind === 'winning'
                        ? 'masaniello.preview.allWinCaption'
                        : 'masaniello.preview.allLossCaption',
                    )}
                    rows={run.rows}
                    truncated={run.truncated}
                    runningColumn="capital"
                    startCents={Math.round(numbers!.capital * 100)}
                  />
                ))}
              </StakeTables>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
