import type { CopyProduct } from '@app/contract';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Popover,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';
import { errorKey } from '../../lib/api.ts';
import {
  dateInputToExpiry,
  expiryToDateInput,
  formatExpiryDate,
  formatExpiryDateTime,
} from './expiry.ts';
import { updateExpiry, useFollowerInfo } from './follows-api.ts';

/** A follower as both lists show it (SPEC §3 "Follower", "Meta follower"). */
export interface FollowerItem {
  id: string;
  name: string;
  /** Unix seconds; 0 or less = none. */
  expCopy: number;
}

interface FollowerCardProps {
  follower: FollowerItem;
  product: CopyProduct;
  /** The caller's bot: the follower's trader. */
  userid: string;
  onRemove: (follower: FollowerItem) => void;
  onExpirySaved: () => void;
}

/** The Info popover's content: read when opened (SPEC §2 'Carregando...'). */
function FollowerInfo({
  follower,
  product,
  userid,
}: Omit<FollowerCardProps, 'onRemove' | 'onExpirySaved'>) {
  const { t } = useTranslation();
  const info = useFollowerInfo(userid, follower.id, product, true);
  if (info.isPending) return <Typography>{t('copyTrader.follows.info.loading')}</Typography>;
  if (info.error) {
    return <Alert severity="error">{t(dynamicKey(errorKey(info.error)))}</Alert>;
  }
  const expiry = formatExpiryDateTime(info.data.expCopy);
  return (
    <Stack spacing={0.5}>
      <Typography>{t('copyTrader.follows.info.userid', { id: info.data.userid })}</Typography>
      <Typography>
        {expiry === null
          ? t('copyTrader.follows.info.noExpiry')
          : t('copyTrader.follows.card.expires', { date: expiry })}
      </Typography>
    </Stack>
  );
}

/** The Exp popover: a date picker ('Vencimento'), Salvar only with a valid day, or no expiry. */
function ExpiryEditor({
  follower,
  product,
  userid,
  onDone,
}: Omit<FollowerCardProps, 'onRemove' | 'onExpirySaved'> & { onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => expiryToDateInput(follower.expCopy));
  const expCopy = dateInputToExpiry(text);
  const save = useMutation({
    mutationFn: (value: number) => updateExpiry(userid, follower.id, value, product),
    onSuccess: () => onDone(true),
  });
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ p: 2, width: 280, maxWidth: '100%' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (expCopy !== null) save.mutate(expCopy);
      }}
    >
      <TextField
        id={`${id}-date`}
        type="date"
        label={t('copyTrader.follows.expiry.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={text !== '' && expCopy === null}
        helperText={
          text !== '' && expCopy === null
            ? t('errors.invalidValue')
            : t('copyTrader.follows.expiry.help')
        }
        slotProps={{ inputLabel: { shrink: true } }}
        autoFocus
        fullWidth
      />
      {save.isError && <Alert severity="error">{t(dynamicKey(errorKey(save.error)))}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={expCopy === null || save.isPending}>
          {t('copyTrader.follows.expiry.save')}
        </Button>
        <Button onClick={() => onDone(false)} disabled={save.isPending}>
          {t('copyTrader.follows.expiry.cancel')}
        </Button>
        {follower.expCopy > 0 && (
          <Button color="warning" onClick={() => save.mutate(0)} disabled={save.isPending}>
            {t('copyTrader.follows.expiry.clear')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * One follower of the caller's bot (SPEC §2 "Followers list"): name, ID and 'Expira: dd/mm/yyyy'
 * or 'Indefinido'; Remover (the screen confirms), Info and Exp popovers.
 */
export function FollowerCard({
  follower,
  product,
  userid,
  onRemove,
  onExpirySaved,
}: FollowerCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [infoAnchor, setInfoAnchor] = useState<HTMLElement | null>(null);
  const [expAnchor, setExpAnchor] = useState<HTMLElement | null>(null);
  const expiry = formatExpiryDate(follower.expCopy);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {follower.name || follower.id}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('copyTrader.follows.card.id', { id: follower.id })}
        </Typography>
        <Typography variant="body2">
          {expiry === null
            ? t('copyTrader.follows.card.noExpiry')
            : t('copyTrader.follows.card.expires', { date: expiry })}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button color="error" variant="outlined" size="small" onClick={() => onRemove(follower)}>
          {t('copyTrader.follows.card.remove')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={(event) => setInfoAnchor(event.currentTarget)}
        >
          {t('copyTrader.follows.card.info')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={(event) => setExpAnchor(event.currentTarget)}
        >
          {t('copyTrader.follows.card.exp')}
        </Button>
      </CardActions>
      <Popover
        open={infoAnchor !== null}
        anchorEl={infoAnchor}
        onClose={() => setInfoAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { sx: { p: 2 }, role: 'dialog', 'aria-label': t('copyTrader.follows.card.info') },
        }}
      >
        {infoAnchor !== null && (
          <FollowerInfo follower={follower} product={product} userid={userid} />
        )}
      </Popover>
      <Popover
        open={expAnchor !== null}
        anchorEl={expAnchor}
        onClose={() => setExpAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': t('copyTrader.follows.expiry.label') },
        }}
      >
        {expAnchor !== null && (
          <ExpiryEditor
            follower={follower}
            product={product}
            userid={userid}
            onDone={(saved) => {
              setExpAnchor(null);
              if (saved) onExpirySaved();
            }}
          />
        )}
      </Popover>
    </Card>
  );
}
