import { Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * "Simulador" / "Simulator" beside a balance or an order that comes from the paper broker: the
 * trader must never read a simulated figure as money at the broker.
 */
export function SimulatorChip() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('results.simulatorHint')}>
      {/* A span: the chip sits inside figures written as paragraphs (home's balance). */}
      <Chip
        component="span"
        size="small"
        color="warning"
        variant="outlined"
        label={t('results.simulator')}
        data-simulator
        sx={{ ml: 1, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
