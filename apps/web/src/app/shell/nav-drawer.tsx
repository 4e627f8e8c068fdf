import { DRAWER_WIDTH_PX } from '@app/contract';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { preloadScreen } from '../../lib/lazy-screen.tsx';
import { NAV_LINKS } from './nav-links.ts';

/** Width of the collapsed icon strip. */
export const DRAWER_COLLAPSED_PX = 64;

interface NavListProps {
  expanded: boolean;
  isBuilt: (path: string) => boolean;
  onNavigate?: () => void;
}

function NavList({ expanded, isBuilt, onNavigate }: NavListProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // The <nav> landmark holds a real list: MUI's `List component="nav"` left the items as <li>
    // outside any list, the one failing accessibility audit.
    <Box component="nav" aria-label={t('shell.navigation')}>
      <List>
        {NAV_LINKS.filter(({ path }) => isBuilt(path)).map(({ path, labelKey, Icon }) => {
          const label = t(labelKey);
          const button = (
            <ListItemButton
              component={RouterLink}
              to={path}
              selected={pathname === path}
              aria-current={pathname === path ? 'page' : undefined}
              aria-label={expanded ? undefined : label}
              onClick={onNavigate}
              onMouseEnter={() => preloadScreen(path)}
              onFocus={() => preloadScreen(path)}
              // A phone has no hover: the touch starts the screen's download before the tap ends.
              onTouchStart={() => preloadScreen(path)}
              sx={{ minHeight: 48, px: 2.5, justifyContent: expanded ? 'initial' : 'center' }}
            >
              <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: 'center' }}>
                <Icon />
              </ListItemIcon>
              {expanded && (
                // Long labels ("Configurações gerais", "Comprar ou renovar robô") wrap rather than
                // being cut at 240 px.
                <ListItemText
                  primary={label}
                  sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
                />
              )}
            </ListItemButton>
          );
          return (
            <ListItem key={path} disablePadding sx={{ display: 'block' }}>
              {expanded ? (
                button
              ) : (
                <Tooltip title={label} placement="right">
                  {button}
                </Tooltip>
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

interface NavDrawerProps {
  mobile: boolean;
  /** Desktop: expanded (240 px) or the icon strip. Phone: the temporary drawer is open. */
  open: boolean;
  onClose: () => void;
  /** Links to screens not built yet are hidden (they would lead to not-found). */
  isBuilt: (path: string) => boolean;
}

/** SPEC §2 "Shell": a permanent mini-variant drawer; on phones a temporary one. */
export function NavDrawer({ mobile, open, onClose, isBuilt }: NavDrawerProps) {
  const { t } = useTranslation();
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        // Not kept mounted: its thirty links would render, hidden, in every screen's first paint on
        // the phones it is for (Lighthouse mobile); they render when it opens.
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH_PX } } }}
      >
        {/* On phones the drawer covers the top bar: its header carries the brand, and the first
            link sits below it where it can be tapped. */}
        <Toolbar sx={{ px: 2.5 }}>
          <Typography variant="h6" component="p" noWrap>
            {t('app.name')}
          </Typography>
        </Toolbar>
        <Divider />
        <NavList expanded isBuilt={isBuilt} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = open ? DRAWER_WIDTH_PX : DRAWER_COLLAPSED_PX;
  return (
    <Drawer
      variant="permanent"
      data-testid="nav-drawer"
      data-expanded={open}
      style={{ width }}
      sx={{
        width,
        flexShrink: 0,
        whiteSpace: 'nowrap',
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          transition: (theme) =>
            theme.transitions.create('width', {
              easing: theme.transitions.easing.sharp,
              duration: theme.transitions.duration.enteringScreen,
            }),
        },
      }}
      slotProps={{ paper: { style: { width } } }}
    >
      <Toolbar />
      <NavList expanded={open} isBuilt={isBuilt} />
    </Drawer>
  );
}
