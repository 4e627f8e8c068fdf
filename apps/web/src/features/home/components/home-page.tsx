import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkCard } from '../../../components/cards/link-card.tsx';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { FirstReads, type FirstRead } from '../../../components/notices/first-reads.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { panelConfigQuery, usePanelConfig } from '../api/panel-config.ts';
import { CONFIGURE_MENU } from '../configure-menu.tsx';
import { botsQuery, ExpiryWarning } from './expiry-warning.tsx';
import { PATHS } from '../../../lib/paths.ts';

interface HomePageProps {
  /** Paths of the screens built so far: only their links show. */
  builtPaths: readonly string[];
  /** What shows above the Configure menu (the robot's live dashboard, composed by the routes). */
  top?: ReactNode;
  /** The reads `top` paints from, for the current bot: home paints once they have answered. */
  topReads?: (userid: string) => FirstRead[];
}

/**
 * Home when logged in: the robot's live state, then the Configure menu (SPEC §2 "Menus"). It
 * paints once its reads have answered, in one piece: the expiry line and the dashboard's figures
 * would otherwise push everything below them down as they arrive.
 */
export function HomePage({ topReads, ...props }: HomePageProps) {
  const { userid } = useCurrentBot();
  return (
    <FirstReads reads={[botsQuery(userid), panelConfigQuery, ...(topReads?.(userid) ?? [])]}>
      <HomeContent {...props} />
    </FirstReads>
  );
}

function HomeContent({ builtPaths, top }: HomePageProps) {
  const { t } = useTranslation();
  // The support card links where the operator configured (SUPPORT_URL); without one, no card.
  const supportUrl = usePanelConfig().data?.supportUrl ?? null;
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <ExpiryWarning canRenew={builtPaths.includes(PATHS.buy)} />
      {top}
      <Typography variant="h5" component="h1" gutterBottom>
        {t('home.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('home.subtitle')}
      </Typography>
      <LinkMenu
        label={t('home.title')}
        links={CONFIGURE_MENU}
        isBuilt={(path) => builtPaths.includes(path)}
      >
        {supportUrl !== null && (
          <LinkCard
            Icon={SupportAgentIcon}
            label={`${t('nav.support')} ${t('common.newTab')}`}
            to={supportUrl}
            external
          />
        )}
      </LinkMenu>
    </Box>
  );
}
