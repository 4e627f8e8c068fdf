import type { SimulationRow } from '@app/robot';
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useMoneyFormat } from './use-money-format.ts';

// On a phone the signal number goes: the entry rows already show where each signal starts.
const HIDE_ON_PHONE = { xs: 'none', sm: 'table-cell' };

interface StakeTableProps {
  title: string;
  /** One line under the title saying which results the run plays. */
  caption?: string;
  rows: readonly SimulationRow[];
  /** More orders were simulated than shown. */
  truncated?: boolean;
  /** The last column: the running P&L (`total`) or the plan's capital (`capital`). */
  runningColumn?: 'total' | 'capital';
  /** Added to the running P&L (the plan's start capital for `capital`). */
  startCents?: number;
}

/**
 * A simulated run as a compact table: signal, order (entry or gale), stake, result and the running
 * total. Narrow enough for a 375 px phone; anything wider scrolls inside its own box.
 */
export function StakeTable({
  title,
  caption,
  rows,
  truncated,
  runningColumn = 'total',
  startCents = 0,
}: StakeTableProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  let running = startCents;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {caption}
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('preview.noRows')}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            aria-label={title}
            sx={{
              '& td, & th': { px: { xs: 0.75, sm: 1 } },
              '& .signal': { display: HIDE_ON_PHONE },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell className="signal">{t('preview.columns.signal')}</TableCell>
                <TableCell>{t('preview.columns.order')}</TableCell>
                <TableCell align="right">{t('preview.columns.stake')}</TableCell>
                <TableCell>{t('preview.columns.result')}</TableCell>
                <TableCell align="right">
                  {t(
                    runningColumn === 'capital'
                      ? 'preview.columns.capital'
                      : 'preview.columns.total',
                  )}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                running += row.pnlCents;
                return (
                  <TableRow key={row.order}>
                    <TableCell className="signal">{row.sequence}</TableCell>
                    <TableCell>
                      {row.galeLevel === 0
                        ? t('preview.entry')
                        : t('preview.gale', { level: row.galeLevel })}
                    </TableCell>
                    <TableCell align="right">
                      {money(row.stakeCents)}
                      {row.minApplied && ` ${t('preview.min')}`}
                    </TableCell>
                    <TableCell sx={{ color: row.result === 'W' ? 'success.main' : 'error.main' }}>
                      {t(
                        row.result === 'W'
                          ? 'preview.win'
                          : row.result === 'L'
                            ? 'preview.loss'
                            : 'preview.draw',
                      )}
                    </TableCell>
                    <TableCell align="right">{money(running)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {truncated && (
        <Typography variant="caption" color="text.secondary">
          {t('preview.truncated', { count: rows.length })}
        </Typography>
      )}
    </Box>
  );
}

/** Stake tables side by side from `md`, one under the other on narrower screens. */
export function StakeTables({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
