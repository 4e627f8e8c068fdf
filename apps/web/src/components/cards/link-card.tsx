import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { preloadScreen } from '../../lib/lazy-screen.tsx';

interface LinkCardProps {
  Icon: SvgIconComponent;
  label: string;
  /** A path of the panel, or an external address when `external`. */
  to: string;
  /** Opens in a new tab (the label should say so). */
  external?: boolean;
}

/** One entry of a menu of screens: an icon and a label, the whole card a link. */
export function LinkCard({ Icon, label, to, external }: LinkCardProps) {
  const content = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, minHeight: 72 }}>
      <Icon color="primary" aria-hidden />
      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
    </Box>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {external ? (
        <CardActionArea
          component="a"
          href={to}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ height: '100%' }}
        >
          {content}
        </CardActionArea>
      ) : (
        <CardActionArea
          component={RouterLink}
          to={to}
          onMouseEnter={() => preloadScreen(to)}
          onFocus={() => preloadScreen(to)}
          onTouchStart={() => preloadScreen(to)}
          sx={{ height: '100%' }}
        >
          {content}
        </CardActionArea>
      )}
    </Card>
  );
}
