import { botRemoveRefusal, type Bot } from '@app/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatBotExpiry } from '../bot-expiry.ts';

/** Where a trader renews a bot (SPEC §2 "Bot manager": a renew link to the buy page). */
export const RENEW_PATH = '/comprar';

interface BotsTableProps {
  bots: readonly Bot[];
  /** Unix seconds, the clock the remove rule is checked against. */
  nowSec: number;
  /** Whether the buy page exists: the renew link shows only then, like the menus. */
  canRenew: boolean;
  onRemove: (bot: Bot) => void;
}

function RemoveButton({
  bot,
  refusal,
  onRemove,
}: {
  bot: Bot;
  refusal: ReturnType<typeof botRemoveRefusal>;
  onRemove: (bot: Bot) => void;
}) {
  const { t } = useTranslation();
  const label = t('botsManager.remove', { userid: bot.userid });
  if (refusal === null) {
    return (
      <Tooltip title={label}>
        <IconButton color="error" aria-label={label} onClick={() => onRemove(bot)}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    );
  }
  const reason = t(`botsManager.cannotRemove.${refusal}`);
  // A disabled button fires no events: the span carries the tooltip, and is focusable so a
  // keyboard user reads the reason too.
  return (
    <Tooltip title={reason}>
      <span tabIndex={0} aria-label={reason}>
        <IconButton aria-label={label} disabled>
          <DeleteIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The bot manager's table (SPEC §2): Email, User ID, expiry, type, actions. On a phone it scrolls
 * sideways inside its own box, so the page itself never overflows.
 */
export function BotsTable({ bots, nowSec, canRenew, onRemove }: BotsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" aria-label={t('botsManager.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('botsManager.columns.email')}</TableCell>
            <TableCell>{t('botsManager.columns.userid')}</TableCell>
            <TableCell>{t('botsManager.columns.botexp')}</TableCell>
            <TableCell>{t('botsManager.columns.type')}</TableCell>
            <TableCell align="right">{t('botsManager.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bots.map((bot) => (
            <TableRow key={bot.userid}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{bot.email}</TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{bot.userid}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatBotExpiry(bot.botexp) ?? t('botsManager.noExpiry')}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={bot.virtual ? 'secondary' : 'primary'}
                  label={t(bot.virtual ? 'botsManager.type.virtual' : 'botsManager.type.telegram')}
                />
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  {canRenew ? (
                    <Button
                      size="small"
                      component={RouterLink}
                      to={RENEW_PATH}
                      aria-label={t('botsManager.renewLabel', { userid: bot.userid })}
                    >
                      {t('botsManager.renew')}
                    </Button>
                  ) : null}
                  <RemoveButton
                    bot={bot}
                    refusal={botRemoveRefusal(bot, bots.length, nowSec)}
                    onRemove={onRemove}
                  />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
