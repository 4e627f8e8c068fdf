import { checkProxy, NOTICE_MS, ProxySchema } from '@app/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Button, Chip, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection, FormShell, NumberField, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { useTimedFlag } from '../../../components/notices/use-timed-flag.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { saveProxy, useProxy } from '../api/proxy.ts';
import { EMPTY_PROXY_FORM, toProxyBody, toProxyForm } from '../proxy-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';

/** Proxy parameters (`/configproxy`), SPEC §2, §3 "Proxy" and §5. */
export function ProxyPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const queryClient = useQueryClient();
  const query = useProxy(userid);
  const values = useMemo(() => (query.data ? toProxyForm(query.data) : undefined), [query.data]);
  const removed = useTimedFlag(NOTICE_MS);
  // The explicit remove of the one secret rule: the saved proxy stays, its password goes.
  const removePassword = useConfirmedAction(
    (form: NonNullable<typeof values>) =>
      saveProxy({ ...toProxyBody(form, userid), remove: ['password'] }),
    {
      onSuccess: async () => {
        removed.show();
        await queryClient.invalidateQueries({ queryKey: queryKeys.proxy.of(userid) });
      },
    },
  );

  return (
    <PageCard title={t('proxy.title')} subtitle={t('proxy.subtitle')} maxWidth={720}>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {query.data?.hasPassword && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                color="success"
                size="small"
                icon={<KeyIcon aria-hidden />}
                label={t('proxy.passwordStored')}
              />
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon aria-hidden />}
                disabled={removePassword.busy || !values}
                onClick={() => {
                  if (values) removePassword.run(values);
                }}
              >
                {t('proxy.removePassword')}
              </Button>
            </Stack>
            <Alert severity="info" role="note">
              {t('proxy.passwordAgain')}
            </Alert>
          </Stack>
        )}
        {removed.visible && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('proxy.passwordRemoved')}
          </Alert>
        )}
        {removePassword.error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={removePassword.clearError}>
            {t(dynamicKey(removePassword.error))}
          </Alert>
        )}
        <FormShell
          area="proxy"
          defaultValues={EMPTY_PROXY_FORM}
          values={values}
          rule={checkProxy}
          toBody={(form) => toProxyBody(form, userid)}
          schema={ProxySchema}
          onSubmit={saveProxy}
          onSuccess={() =>
            void queryClient.invalidateQueries({ queryKey: queryKeys.proxy.of(userid) })
          }
          successKey="common.saved"
          clearOnSuccess={['password']}
          submitKey="common.save"
          busy={query.isFetching}
        >
          <FormSection columns={2}>
            <TextField name="ip" autoComplete="off" />
            <NumberField name="porta" min={0} max={65535} step={1} grouping={false} />
            <TextField name="login" autoComplete="off" />
            <TextField name="password" type="password" autoComplete="new-password" />
          </FormSection>
        </FormShell>
      </QueryState>
    </PageCard>
  );
}
