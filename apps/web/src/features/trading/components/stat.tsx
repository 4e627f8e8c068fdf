import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure of a trading screen: a small label over its value, named for assistive tech. */
export function Stat({
  label,
  children,
  color,
}: {
  label: string;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap title={label}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ color, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A grid of {@link Stat}s: two columns on phones, more as the screen widens. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}
