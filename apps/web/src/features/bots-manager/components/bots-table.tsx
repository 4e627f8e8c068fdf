import { botRemoveRefusal, type Bot } from '@app/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
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
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatBotExpiry } from '../../../lib/bot-expiry.ts';
import { PATHS } from '../../../lib/paths.ts';
import { VerifyBot } from './verify-bot.tsx';

/** Where a trader renews a bot (SPEC §2 "Bot manager": a renew link to the buy page). */
export const RENEW_PATH = PATHS.buy;

/** The expiry cell: the date (marked as a free trial while the bot never paid) or "Indefinido". */
function useExpiryText(): (bot: Bot) => string {
  const { t } = useTranslation();
  return (bot) => {
    const date = formatBotExpiry(bot.botexp);
    if (date === null) return t('botsManager.noExpiry');
    return bot.trial === true ? t('botsManager.trialExpiry', { date }) : date;
  };
}

interface BotsTableProps {
  bots: readonly Bot[];
  /** Unix seconds, the clock the remove rule is checked against. */
  nowSec: number;
  /** Whether the buy page exists: the renew link shows only then, like the menus. */
  canRenew: boolean;
  onRemove: (bot: Bot) => void;
  /** What a pending bot offers besides the code (the app composes "Verificar no Telegram"). */
  verifyExtra?: ((bot: Bot) => ReactNode) | undefined;
  /** A pending bot's code was accepted (the page says so: the code form goes away). */
  onVerified?: ((userid: string) => void) | undefined;
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

/** A row's type chip, and its actions: renew (once the buy page exists) and remove. */
function TypeChip({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={bot.virtual ? 'secondary' : 'primary'}
      label={t(bot.virtual ? 'botsManager.type.virtual' : 'botsManager.type.telegram')}
    />
  );
}

function BotActions({
  bot,
  botCount,
  nowSec,
  canRenew,
  onRemove,
}: Omit<BotsTableProps, 'bots'> & { bot: Bot; botCount: number }) {
  const { t } = useTranslation();
  return (
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
        refusal={botRemoveRefusal(bot, botCount, nowSec)}
        onRemove={onRemove}
      />
    </Stack>
  );
}

/** On a phone the five columns do not fit: one card per bot, the same fields stacked. */
function BotCards(props: BotsTableProps) {
  const { bots, verifyExtra: _extra, onVerified: _verified, ...rest } = props;
  const { t } = useTranslation();
  const expiryText = useExpiryText();
  return (
    <Stack
      component="ul"
      aria-label={t('botsManager.tableLabel')}
      spacing={1.5}
      sx={{ p: 0, m: 0 }}
    >
      {bots.map((bot) => (
        <Card component="li" key={bot.userid} variant="outlined" sx={{ listStyle: 'none', p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 600, flexGrow: 1, fontVariantNumeric: 'tabular-nums' }}>
              {bot.userid}
            </Typography>
            <TypeChip bot={bot} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {bot.email}
          </Typography>
          {bot.verified ? null : (
            <VerifyBot bot={bot} extra={props.verifyExtra?.(bot)} onVerified={props.onVerified} />
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {t('botsManager.columns.botexp')}: {expiryText(bot)}
            </Typography>
            <BotActions bot={bot} botCount={bots.length} {...rest} />
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The bot manager's table (SPEC §2): Email, User ID, expiry, type, actions; stacked cards on a
 * phone, so the page never overflows sideways.
 */
export function BotsTable(props: BotsTableProps) {
  const { bots, verifyExtra: _extra, onVerified: _verified, ...rest } = props;
  const { t } = useTranslation();
  const expiryText = useExpiryText();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (phone) return <BotCards {...props} />;
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{expiryText(bot)}</TableCell>
              <TableCell>
                <TypeChip bot={bot} />
                {bot.verified ? null : (
                  <VerifyBot
                    bot={bot}
                    extra={props.verifyExtra?.(bot)}
                    onVerified={props.onVerified}
                  />
                )}
              </TableCell>
              <TableCell align="right">
                <BotActions bot={bot} botCount={bots.length} {...rest} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
