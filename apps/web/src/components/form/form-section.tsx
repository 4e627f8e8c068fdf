import { Grid, Typography } from '@mui/material';
import { Children, type ReactNode } from 'react';

interface FormSectionProps {
  title?: string;
  /** Most columns on wide screens (1 on phones, 2 from `sm`). */
  columns?: 1 | 2 | 3;
  children: ReactNode;
}

/** A titled group of fields laid out in a responsive grid of 1 to 3 columns. */
export function FormSection({ title, columns = 3, children }: FormSectionProps) {
  const size = { xs: 12, sm: columns === 1 ? 12 : 6, md: 12 / columns };
  return (
    <>
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1.5, fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      <Grid container spacing={2}>
        {Children.toArray(children).map((child, index) => (
          <Grid key={index} size={size}>
            {child}
          </Grid>
        ))}
      </Grid>
    </>
  );
}
