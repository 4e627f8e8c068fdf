import { checkProxy, ProxySchema } from '@app/contract';
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Chip, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection, FormShell, NumberField, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';

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

  return (
    <PageCard title={t('proxy.title')} subtitle={t('proxy.subtitle')} maxWidth={720}>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {query.data?.hasPassword && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Chip
              color="success"
              size="small"
              icon={<KeyIcon aria-hidden />}
              label={t('proxy.passwordStored')}
              sx={{ alignSelf: 'flex-start' }}
            />
            <Alert severity="info" role="note">
              {t('proxy.passwordAgain')}
            </Alert>
          </Stack>
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
            <NumberField name="porta" min={0} max={65535} step={1} />
            <TextField name="login" autoComplete="off" />
            <TextField name="password" type="password" autoComplete="new-password" />
          </FormSection>
        </FormShell>
      </QueryState>
    </PageCard>
  );
}
