import { PasswordChangeBodySchema } from '@app/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { FormSection, FormShell, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useEndSession } from '../../../lib/query-scope.tsx';
import {
  checkPasswordChange,
  EMPTY_PASSWORD_FORM,
  toPasswordBody,
  type PasswordFormValues,
} from '../account-form.ts';
import { changePassword, logoutAll } from '../api/account.ts';

/** "Sair de todos os dispositivos": asks first, then this browser lands on the login page too. */
function LogoutAllSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const action = useConfirmedAction(() => logoutAll(), {
    onSuccess: () => {
      endSession();
      void navigate(PATHS.home, { replace: true });
    },
  });
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t('account.logoutAll.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('account.logoutAll.help')}
      </Typography>
      {action.error && (
        <Alert severity="error" onClose={action.clearError}>
          {t(dynamicKey(action.error))}
        </Alert>
      )}
      <div>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon aria-hidden />}
          disabled={action.busy}
          onClick={() => action.ask(true)}
        >
          {t('account.logoutAll.button')}
        </Button>
      </div>
      <ConfirmDialog
        {...action.dialog}
        title={t('account.logoutAll.confirmTitle')}
        message={t('account.logoutAll.confirmMessage')}
        confirmLabel={t('account.logoutAll.confirm')}
      />
    </Stack>
  );
}

/** The account (`/conta`): change the password, log out of every device. Not in SPEC §2. */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('account.title')} subtitle={t('account.subtitle')} maxWidth={560}>
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t('account.password.title')}
          </Typography>
          <FormShell<PasswordFormValues, ReturnType<typeof toPasswordBody>, { ok: true }>
            area="account"
            idPrefix="account"
            defaultValues={EMPTY_PASSWORD_FORM}
            fieldRules={checkPasswordChange}
            requireComplete
            toBody={toPasswordBody}
            schema={PasswordChangeBodySchema}
            onSubmit={changePassword}
            successKey="account.password.success"
            successClosable
            clearOnSuccess={['current', 'password', 'confirmPassword']}
            submitKey="account.password.submit"
          >
            <FormSection columns={1}>
              <TextField name="current" type="password" autoComplete="current-password" />
              <TextField name="password" type="password" autoComplete="new-password" />
              <TextField name="confirmPassword" type="password" autoComplete="new-password" />
            </FormSection>
          </FormShell>
        </Stack>
        <Divider />
        <LogoutAllSection />
      </Stack>
    </PageCard>
  );
}
