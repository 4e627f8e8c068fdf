import { checkCreateBot, nextVirtualBotId, type Bot, type NewBot } from '@app/contract';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { ApiError, errorKey } from '../../../lib/api.ts';
import { addBot } from '../api/bots-manager.ts';

type BotKind = 'telegram' | 'virtual';

interface CreateBotDialogProps {
  open: boolean;
  /** The account's bots: the virtual sources, and ids the proposal must avoid. */
  bots: readonly Bot[];
  /** The caller's current bot (the owner the server checks) and the account's e-mail. */
  userid: string;
  email: string;
  onClose: () => void;
  onCreated: () => Promise<void>;
}

/** The message key of an entered messaging id's problem, or null (SPEC §5 "Create bot"). */
function telegramIdProblem(botid: string): string | null {
  const rule = checkCreateBot({ botid, virtual: false });
  if (rule) return rule.key;
  return /^\d{2,20}$/.test(botid.trim()) ? null : 'errors.invalidBotId';
}

/**
 * SPEC §4 "Bot creation": a messaging-app bot (its user id entered) or a virtual bot derived from
 * one of the account's messaging-app bots, the derived id shown before confirming.
 */
export function CreateBotDialog({
  open,
  bots,
  userid,
  email,
  onClose,
  onCreated,
}: CreateBotDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  // A virtual bot is derived only from a verified messaging-app bot (docs/decisions/2026-11-26-bot-claims.md).
  const telegramBots = bots.filter((bot) => !bot.virtual);
  const sources = telegramBots.filter((bot) => bot.verified);
  const [kind, setKind] = useState<BotKind>('telegram');
  const [telegramId, setTelegramId] = useState('');
  const [touched, setTouched] = useState(false);
  const [source, setSource] = useState('');
  // Ids the server answered "already registered" for: the proposal moves on to the next one.
  const [refused, setRefused] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const chosenSource = sources.some((bot) => bot.userid === source)
    ? source
    : (sources[0]?.userid ?? '');
  const derivedId = chosenSource
    ? nextVirtualBotId(chosenSource, [...bots.map((bot) => bot.userid), ...refused])
    : null;
  const idProblem = kind === 'telegram' ? telegramIdProblem(telegramId) : null;
  const noSourceKey =
    telegramBots.length > 0 ? 'botsManager.create.noVerifiedSource' : 'botsManager.create.noSource';

  function reset(): void {
    setKind('telegram');
    setTelegramId('');
    setTouched(false);
    setSource('');
    setRefused([]);
    setError(null);
  }

  function close(): void {
    if (busy) return;
    reset();
    onClose();
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    setTouched(true);
    const botid = kind === 'telegram' ? telegramId.trim() : derivedId;
    if (idProblem !== null || !botid) return;
    const body: NewBot = { userid, botid, virtual: kind === 'virtual', email };
    setBusy(true);
    setError(null);
    try {
      await addBot(body);
      await onCreated();
      reset();
      onClose();
    } catch (err) {
      if (kind === 'virtual' && err instanceof ApiError && err.status === 409) {
        setRefused((ids) => [...ids, botid]);
      }
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{t('botsManager.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id={`${id}-kind`}>{t('botsManager.create.kind')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-kind`}
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as BotKind);
                  setError(null);
                }}
              >
                <FormControlLabel
                  value="telegram"
                  control={<Radio />}
                  label={t('botsManager.type.telegram')}
                />
                <FormControlLabel
                  value="virtual"
                  control={<Radio />}
                  label={t('botsManager.type.virtual')}
                />
              </RadioGroup>
            </FormControl>
            {kind === 'telegram' ? (
              <TextField
                label={t('botsManager.create.userid')}
                value={telegramId}
                onChange={(event) => setTelegramId(event.target.value)}
                onBlur={() => setTouched(true)}
                required
                autoFocus
                error={touched && idProblem !== null}
                helperText={
                  touched && idProblem !== null
                    ? t(dynamicKey(idProblem))
                    : t('botsManager.create.useridHelp')
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            ) : sources.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t(noSourceKey)}
              </Typography>
            ) : (
              <>
                <TextField
                  select
                  label={t('botsManager.create.source')}
                  value={chosenSource}
                  onChange={(event) => setSource(event.target.value)}
                  helperText={t('botsManager.create.sourceHelp')}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  {sources.map((bot) => (
                    <option key={bot.userid} value={bot.userid}>
                      {bot.userid}
                    </option>
                  ))}
                </TextField>
                <Typography variant="body1" aria-live="polite">
                  {derivedId
                    ? t('botsManager.create.derivedId', { botid: derivedId })
                    : t('botsManager.create.noFreeId')}
                </Typography>
              </>
            )}
            {error ? <Alert severity="error">{t(dynamicKey(error))}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || (kind === 'virtual' && !derivedId)}
          >
            {busy ? t('botsManager.create.creating') : t('botsManager.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
