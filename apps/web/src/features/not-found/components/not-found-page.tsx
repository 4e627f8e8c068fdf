import { Button, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { PATHS } from '../../../lib/paths.ts';

/** Any unknown path (and, logged in, any screen not built yet): title, link home, login prompt. */
export function NotFoundPage({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <PageCard title={t('notFound.title')} maxWidth={520}>
      <Stack spacing={2}>
        <Typography>{t('notFound.message')}</Typography>
        <Link component={RouterLink} to={PATHS.home}>
          {t('notFound.home')}
        </Link>
        {!loggedIn && (
          <>
            <Typography color="text.secondary">{t('notFound.loginPrompt')}</Typography>
            <Button
              component={RouterLink}
              to={PATHS.home}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('notFound.login')}
            </Button>
          </>
        )}
      </Stack>
    </PageCard>
  );
}
