import { Alert, Box, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api.ts';
import { dynamicKey } from '../../i18n/keys.ts';

interface QueryStateProps {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}

/** The loading and failed states of a screen's initial read; the children once data is there. */
export function QueryState({ pending, error, onRetry, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('common.loadError')} {t(dynamicKey(errorKey(error)))}
      </Alert>
    );
  }
  return <>{children}</>;
}
