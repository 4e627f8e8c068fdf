import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkCard } from '../../../components/cards/link-card.tsx';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { FirstReads, type FirstRead } from '../../../components/notices/first-reads.tsx';
import { botsQuery, isPendingBot } from '../../../lib/bots-query.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { panelConfigQuery, usePanelConfig } from '../api/panel-config.ts';
import { CONFIGURE_MENU } from '../configure-menu.tsx';
import { ExpiryWarning } from './expiry-warning.tsx';
import { PATHS } from '../../../lib/paths.ts';

interface HomePageProps {
  /** Paths of the screens built so far: only their links show. */
  builtPaths: readonly string[];
  /** What shows above the Configure menu (the robot's live dashboard, composed by the routes). */
  top?: ReactNode;
  /** The reads `top` paints from, for the current bot: home paints once they have answered. */
  topReads?: (userid: string) => FirstRead[];
  /**
   * What shows above `top` while the current bot is pending ("Verificar no Telegram"), and the
   * loading of its chunk: fetched only for a pending bot, and home paints once it is in (painted
   * later, it pushed the whole page down).
   */
  pendingNotice?: { element: ReactNode; load: () => Promise<void> };
}

/**
 * Home when logged in: the robot's live state, then the Configure menu (SPEC §2 "Menus"). It
 * paints once its reads have answered, in one piece: the expiry line and the dashboard's figures
 * would otherwise push everything below them down as they arrive.
 */
export function HomePage({ topReads, pendingNotice, ...props }: HomePageProps) {
  const { userid } = useCurrentBot();
  // Only whether the bot is pending: a new answer that does not change it renders nothing.
  const pending =
    useQuery({ ...botsQuery(userid), select: (bots) => isPendingBot(bots, userid) }).data === true;
  const noticeLoaded = useLoaded(pending ? pendingNotice?.load : undefined);
  return (
    <FirstReads
      reads={[botsQuery(userid), panelConfigQuery, ...(topReads?.(userid) ?? [])]}
      hold={pending && pendingNotice !== undefined && !noticeLoaded}
    >
      <HomeContent {...props} notice={pending ? pendingNotice?.element : null} />
    </FirstReads>
  );
}

/** Whether `load` has settled (a failed chunk is tried again by the part that renders it). */
function useLoaded(load: (() => Promise<void>) | undefined): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (load === undefined) return undefined;
    let mounted = true;
    const done = () => mounted && setLoaded(true);
    load().then(done, done);
    return () => {
      mounted = false;
    };
  }, [load]);
  return loaded;
}

function HomeContent({
  builtPaths,
  top,
  notice,
}: Omit<HomePageProps, 'topReads' | 'pendingNotice'> & { notice: ReactNode }) {
  const { t } = useTranslation();
  // The support card links where the operator configured (SUPPORT_URL); without one, no card.
  const supportUrl = usePanelConfig().data?.supportUrl ?? null;
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <ExpiryWarning canRenew={builtPaths.includes(PATHS.buy)} />
      {notice}
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
