import { SUPPORT_CHAT_URL } from '@app/contract';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Card, CardActionArea, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONFIGURE_MENU } from '../configure-menu.tsx';

interface HomePageProps {
  /** Paths of the screens built so far: only their links show. */
  builtPaths: readonly string[];
}

function MenuCard({
  Icon,
  label,
  children,
}: {
  Icon: SvgIconComponent;
  label: string;
  children: (content: ReactNode) => ReactNode;
}) {
  const content = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, minHeight: 72 }}>
      <Icon color="primary" aria-hidden />
      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
    </Box>
  );
  return <Card sx={{ height: '100%' }}>{children(content)}</Card>;
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
      <Grid container spacing={2} component="nav" aria-label={t('home.title')}>
        {links.map(({ path, labelKey, Icon }) => (
          <Grid key={path} size={{ xs: 12, sm: 6, md: 4 }}>
            <MenuCard Icon={Icon} label={t(labelKey)}>
              {(content) => (
                <CardActionArea component={RouterLink} to={path} sx={{ height: '100%' }}>
                  {content}
                </CardActionArea>
              )}
            </MenuCard>
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <MenuCard Icon={SupportAgentIcon} label={`${t('nav.support')} ${t('common.newTab')}`}>
            {(content) => (
              <CardActionArea
                component="a"
                href={SUPPORT_CHAT_URL}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ height: '100%' }}
              >
                {content}
              </CardActionArea>
            )}
          </MenuCard>
        </Grid>
      </Grid>
    </Box>
  );
}
