import { Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface FormSectionProps {
  title?: string;
  /** Most columns on wide screens (1 on phones, 2 from `sm`). */
  columns?: 1 | 2 | 3;
  children: ReactNode;
}

/**
 * One CSS grid for the section's fields: the responsive columns MUI's `Grid` gave with a styled
 * item per field, in one style rule (a configuration screen renders a dozen fields).
 */
export const FieldGrid = styled('div', { shouldForwardProp: (prop) => prop !== 'columns' })<{
  columns: 1 | 2 | 3;
}>(({ theme, columns }) => ({
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  [theme.breakpoints.up('sm')]: {
    gridTemplateColumns: `repeat(${columns === 1 ? 1 : 2}, minmax(0, 1fr))`,
  },
  [theme.breakpoints.up('md')]: { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` },
}));

/** A titled group of fields laid out in a responsive grid of 1 to 3 columns. */
export function FormSection({ title, columns = 3, children }: FormSectionProps) {
  return (
    <>
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1.5, fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      <FieldGrid columns={columns}>{children}</FieldGrid>
    </>
  );
}
