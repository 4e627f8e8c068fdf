import { authEndpoints } from '@app/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import {
  AppBar,
  Box,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { preloadAllScreens } from '../../lib/lazy-screen.tsx';
import { useEndSession, useSessionQuery } from '../../lib/query-scope.tsx';
import { readBotIds, storage } from '../../lib/storage.ts';
import { BotSelector } from './bot-selector.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { PATHS } from '../../lib/paths.ts';

/** On phones with several bots the selector already names the bot, so the label gives way. */
function IdsLabel({ hideOnPhone }: { hideOnPhone: boolean }) {
  const { t } = useTranslation();
  const userId = storage.get('userId');
  const traderId = storage.get('traderId');
  const text =
    userId && traderId ? t('shell.idsLabel', { userId, traderId }) : t('shell.defaultTitle');
  return (
    <Typography
      variant="subtitle1"
      component="p"
      noWrap
      sx={{
        flexGrow: 1,
        minWidth: 0,
        display: { xs: hideOnPhone ? 'none' : 'block', sm: 'block' },
      }}
    >
      {text}
    </Typography>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const endSession = useEndSession();
  async function logout(): Promise<void> {
    try {
      await api(authEndpoints.logout);
    } catch {
      // The local session ends anyway: a trader who presses "log out" must not stay logged in here.
    }
    endSession();
    void navigate(PATHS.home, { replace: true });
  }
  return (
    <Tooltip title={t('shell.logout')}>
      <IconButton color="inherit" aria-label={t('shell.logout')} onClick={() => void logout()}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}

interface AppShellProps {
  /** Paths of the screens built so far: the drawer links only these. */
  builtPaths: readonly string[];
}

/** The logged-in frame of SPEC §2 "Shell": top bar, navigation drawer, the screen. */
export function AppShell({ builtPaths }: AppShellProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('sm'));
  const [expanded, setExpanded] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = mobile ? mobileOpen : expanded;
  // Subscribed so that a refreshed session (a bot created or removed) re-renders the ids label
  // and the bot selector, which read the stored ids.
  useSessionQuery();
  const multiBot = readBotIds().length > 1;
  // Logged in, the other screens are likely next: fetch their chunks once the trader has touched
  // the page, this screen's chunks and reads are in and the browser is idle.
  const queryClient = useQueryClient();
  useEffect(() => preloadAllScreens(() => queryClient.isFetching() > 0), [queryClient]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {/* Above the permanent drawer on desktop; below the phone's temporary drawer, which
          covers it like any modal. */}
      <AppBar
        position="fixed"
        sx={{ zIndex: (th) => (mobile ? th.zIndex.appBar : th.zIndex.drawer + 1) }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={
              mobile
                ? t('shell.openMenu')
                : expanded
                  ? t('shell.collapseMenu')
                  : t('shell.expandMenu')
            }
            aria-expanded={open}
            onClick={() => (mobile ? setMobileOpen((v) => !v) : setExpanded((v) => !v))}
          >
            {open && !mobile ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <IdsLabel hideOnPhone={multiBot} />
          {/* On a phone with several bots the selector fills the space the ids leave. */}
          <BotSelector />
          <LanguageSwitcher />
          <LogoutButton />
        </Toolbar>
      </AppBar>
      <NavDrawer
        mobile={mobile}
        open={open}
        onClose={() => setMobileOpen(false)}
        isBuilt={(path) => builtPaths.includes(path)}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
