import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PageCardProps {
  title: string;
  subtitle?: string;
  /** Widest the card grows, in px; it always fits narrow screens. */
  maxWidth?: number;
  children: ReactNode;
}

/** A screen's main card: a heading (the page's h1), an optional line under it, the content. */
export function PageCard({ title, subtitle, maxWidth = 960, children }: PageCardProps) {
  return (
    <Card sx={{ maxWidth, width: '100%', mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
