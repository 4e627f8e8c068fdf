import { GRID_COLUMN_MAX_PX, GRID_COLUMN_MIN_PX } from '@app/contract';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The gap between cards, in theme spacing units (8 px each). */
const GAP = 2;
const MAX_COLUMNS = 4;

interface CardGridProps {
  /** Names the grid for screen readers when it is a landmark (e.g. a menu). */
  label?: string;
  component?: 'div' | 'nav' | 'ul';
  children: ReactNode;
}

/**
 * Cards in 1 to 4 columns of 260–275 px (SPEC §9 "Layout grids"): as many columns as fit, never
 * more than four, and one full-width column on a phone narrower than a card.
 */
export function CardGrid({ label, component = 'div', children }: CardGridProps) {
  return (
    <Box
      component={component}
      aria-label={label}
      sx={(theme) => ({
        display: 'grid',
        gap: GAP,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${GRID_COLUMN_MIN_PX}px), 1fr))`,
        maxWidth: `calc(${MAX_COLUMNS * GRID_COLUMN_MAX_PX}px + ${theme.spacing(GAP * (MAX_COLUMNS - 1))})`,
        width: '100%',
        mx: 'auto',
        p: 0,
        m: 0,
        listStyle: 'none',
      })}
    >
      {children}
    </Box>
  );
}
