import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { PATHS } from '../../../lib/paths.ts';

/** `/paymentok`: where the payment provider sends the trader back. */
export function PaymentOkPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('payment.title')} maxWidth={520}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>{t('payment.message')}</Typography>
        <Button component={RouterLink} to={PATHS.home} variant="contained">
          {t('payment.home')}
        </Button>
      </Stack>
    </PageCard>
  );
}
