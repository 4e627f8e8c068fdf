import { Card, CardContent, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  /** The card's heading (an `h2`), which also names the section for assistive technology. */
  title: ReactNode;
  children: ReactNode;
}

/**
 * One settings card of a card list (a channel, a followed trader, a MetaCopy record…): an outlined
 * `section` named by its `h2` heading, filling its grid cell so cards of a row line up.
 */
export function SectionCard({ title, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
