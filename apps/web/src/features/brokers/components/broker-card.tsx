import {
  BrokerLoginSchema,
  checkBrokerLogin,
  type DERIV_TOKEN_FIELDS,
  DerivTokensSchema,
  NOTICE_MS,
  type BROKER_CONFIG_CARDS,
  type StoredCredential,
} from '@app/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { BrokerCapabilityChip } from '../../../components/flags/broker-capability.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { FormShell, TextField } from '../../../components/form/index.ts';
import { useTimedFlag } from '../../../components/notices/use-timed-flag.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { removeBrokerLogin, saveBrokerLogin, saveDerivTokens } from '../api/brokers.ts';
import {
  checkDerivTokens,
  checkLoginPassword,
  EMPTY_LOGIN_FORM,
  EMPTY_TOKENS_FORM,
  toBrokerLoginBody,
  toDerivTokensBody,
} from '../broker-forms.ts';
import { DerivConnectButton } from './deriv-connect.tsx';

type BrokerCardSpec = (typeof BROKER_CONFIG_CARDS)[number];

interface BrokerCardProps {
  card: BrokerCardSpec;
  /** What the server holds for this broker, if anything. */
  stored: StoredCredential | undefined;
  userid: string;
  /** Re-reads the stored credentials after a save or a removal. */
  onChanged: () => void;
}

function hasAny(stored: StoredCredential | undefined): stored is StoredCredential {
  return stored !== undefined && (stored.hasPassword || stored.hasTokenDemo || stored.hasTokenReal);
}

type TokenField = (typeof DERIV_TOKEN_FIELDS)[number];

interface StoredStateProps {
  card: BrokerCardSpec;
  stored?: StoredCredential;
  /** Deriv: deletes one stored token (the explicit remove of the one secret rule). */
  onRemoveToken: (field: TokenField) => void;
  busy: boolean;
}

/** What is stored, shown as chips: never the secret, at most the e-mail it belongs to. */
function StoredState({ card, stored, onRemoveToken, busy }: StoredStateProps) {
  const { t } = useTranslation();
  if (!hasAny(stored)) {
    return <Chip size="small" variant="outlined" label={t('brokers.notStored')} />;
  }
  const chips: { label: string; token?: TokenField }[] =
    card.kind === 'token'
      ? [
          ...(stored.hasTokenDemo
            ? [{ label: t('brokers.tokenDemoStored'), token: 'tokenDemo' as const }]
            : []),
          ...(stored.hasTokenReal
            ? [{ label: t('brokers.tokenRealStored'), token: 'tokenReal' as const }]
            : []),
        ]
      : [{ label: t('brokers.stored') }];
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {chips.map(({ label, token }) => (
        <Stack key={label} direction="row" sx={{ alignItems: 'center' }}>
          <Chip size="small" color="success" icon={<CheckCircleIcon aria-hidden />} label={label} />
          {token && (
            <Tooltip title={t('brokers.removeToken', { token: t(`brokers.fields.${token}`) })}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={t('brokers.removeToken', { token: t(`brokers.fields.${token}`) })}
                  onClick={() => onRemoveToken(token)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** One broker of the broker-config screen: its stored state, a form to replace it, Remove. */
export function BrokerCard({ card, stored, userid, onChanged }: BrokerCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const removed = useTimedFlag(NOTICE_MS);
  const remove = useConfirmedAction(() => removeBrokerLogin(userid, card.broker), {
    onSuccess: () => {
      removed.show();
      onChanged();
    },
  });
  const isStored = hasAny(stored);
  const idPrefix = `broker-${card.broker}`;

  const tokenRemoved = useTimedFlag(NOTICE_MS);
  // A stored token goes at once (no dialog): the trader pressed its own delete button.
  const removeToken = useConfirmedAction(
    (field: TokenField) =>
      saveDerivTokens({ tokenDemo: '', tokenReal: '', remove: [field], userid }),
    {
      onSuccess: () => {
        tokenRemoved.show();
        onChanged();
      },
    },
  );
  const removeError = remove.error ?? removeToken.error;

  const removeButton = isStored && (
    <Button color="error" variant="outlined" onClick={() => remove.ask(card.broker)}>
      {t('brokers.remove')}
    </Button>
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: 2 }}>
        <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" id={headingId}>
              {card.name}
            </Typography>
            <BrokerCapabilityChip brokerId={card.broker} />
          </Stack>
          <StoredState
            card={card}
            stored={stored}
            busy={remove.busy || removeToken.busy}
            onRemoveToken={(field) => removeToken.run(field)}
          />
        </Stack>
        <Box sx={{ mt: 1, mb: 2, minHeight: 20 }}>
          {isStored && stored.email !== '' && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('brokers.storedEmail', { email: stored.email })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {card.kind === 'token'
              ? t('brokers.tokensNote')
              : isStored
                ? t('brokers.replaceHint')
                : ''}
          </Typography>
        </Box>
        {removed.visible && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('brokers.removed')}
          </Alert>
        )}
        {tokenRemoved.visible && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('brokers.tokenRemoved')}
          </Alert>
        )}
        {removeError && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            onClose={() => {
              remove.clearError();
              removeToken.clearError();
            }}
          >
            {t(dynamicKey(removeError))}
          </Alert>
        )}
        {card.kind === 'token' && <DerivConnectButton userid={userid} />}
        {card.kind === 'token' ? (
          <FormShell
            area="brokers"
            idPrefix={idPrefix}
            defaultValues={EMPTY_TOKENS_FORM}
            rule={(values) =>
              checkDerivTokens(
                values,
                stored?.hasTokenDemo === true || stored?.hasTokenReal === true,
              )
            }
            toBody={(values) => toDerivTokensBody(values, userid)}
            schema={DerivTokensSchema}
            onSubmit={saveDerivTokens}
            onSuccess={onChanged}
            successKey="brokers.saved"
            clearOnSuccess={['tokenDemo', 'tokenReal']}
            submitKey="common.save"
            actions={removeButton}
          >
            <Stack spacing={2}>
              <TextField name="tokenDemo" type="password" autoComplete="off" />
              <TextField name="tokenReal" type="password" autoComplete="off" />
            </Stack>
          </FormShell>
        ) : (
          <FormShell
            area="brokers"
            idPrefix={idPrefix}
            defaultValues={EMPTY_LOGIN_FORM}
            rule={(values) =>
              checkBrokerLogin({ ...values, broker: card.broker }) ??
              checkLoginPassword(values, stored?.hasPassword === true)
            }
            toBody={(values) => toBrokerLoginBody(values, card, userid)}
            schema={BrokerLoginSchema}
            onSubmit={saveBrokerLogin}
            onSuccess={onChanged}
            successKey="brokers.saved"
            clearOnSuccess={['email', 'password']}
            submitKey="common.save"
            actions={removeButton}
          >
            <Stack spacing={2}>
              {/* An email input strips spaces itself, so an untrimmed card uses a text input. */}
              <TextField
                name="email"
                type={card.trim ? 'email' : 'text'}
                autoComplete="off"
                inputMode="email"
              />
              <TextField name="password" type="password" autoComplete="new-password" />
            </Stack>
          </FormShell>
        )}
      </CardContent>
      <ConfirmDialog
        {...remove.dialog}
        title={t('brokers.removeTitle', { broker: card.name })}
        message={t('brokers.removeMessage')}
        confirmLabel={t('brokers.remove')}
      />
    </Card>
  );
}
