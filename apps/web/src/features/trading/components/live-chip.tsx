import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Says whether the screen is pushed live by the server or re-reads on a timer. */
export function LiveChip({ poll }: { poll: number | false }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={poll === false ? 'success' : 'default'}
      label={poll === false ? t('trading.live') : t('trading.polling')}
    />
  );
}
