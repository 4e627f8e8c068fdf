import { SUPPORT_CHAT_URL } from '@app/contract';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/cards/card-grid.tsx';
import { LinkCard } from '../../../components/cards/link-card.tsx';
import { CONFIGURE_MENU } from '../configure-menu.tsx';

interface HomePageProps {
  /** Paths of the screens built so far: only their links show. */
  builtPaths: readonly string[];
}

/** Home when logged in: the Configure menu (SPEC §2 "Menus") as a grid of cards. */
export function HomePage({ builtPaths }: HomePageProps) {
  const { t } = useTranslation();
  const links = CONFIGURE_MENU.filter((link) => builtPaths.includes(link.path));
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('home.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('home.subtitle')}
      </Typography>
      <CardGrid component="nav" label={t('home.title')}>
        {links.map(({ path, labelKey, Icon }) => (
          <LinkCard key={path} Icon={Icon} label={t(labelKey)} to={path} />
        ))}
        <LinkCard
          Icon={SupportAgentIcon}
          label={`${t('nav.support')} ${t('common.newTab')}`}
          to={SUPPORT_CHAT_URL}
          external
        />
      </CardGrid>
    </Box>
  );
}
