import { PHONE_REDIRECT_MS } from '@app/contract';
import { Alert, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormShell, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useReaderStatus } from '../../../lib/reader-status.ts';
import { sendCode, sendPhone, type CodeBody, type PhoneBody } from '../api/phone.ts';

type Step = { name: 'phone' } | { name: 'code'; phone: string } | { name: 'connected' };

/**
 * Add phone (`/addphone`), SPEC §2 and §4: the phone (trimmed) → the code and password →
 * "connected", then back to the copy signals menu after PHONE_REDIRECT_MS. Each refusal says
 * what to do (wrong code, wrong password, wait N seconds, banned number).
 */
export function AddPhonePage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useReaderStatus(userid);
  const [step, setStep] = useState<Step>({ name: 'phone' });

  useEffect(() => {
    if (step.name !== 'connected') return;
    const timer = setTimeout(() => void navigate(PATHS.copySignals), PHONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step.name, navigate]);

  return (
    <PageCard title={t('phone.title')} subtitle={t('phone.subtitle')} maxWidth={560}>
      {status.data && !status.data.telegramAvailable && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={PATHS.signalTester}>
              {t('nav.signalTester')}
            </Button>
          }
        >
          {t('phone.notAvailable')}
        </Alert>
      )}
      {status.data?.connected && step.name !== 'connected' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('phone.alreadyConnected', { phone: status.data.phone ?? '' })}
        </Alert>
      )}
      {step.name === 'phone' && (
        <FormShell<{ phone: string }, PhoneBody, string>
          area="phone"
          idPrefix="phone"
          defaultValues={{ phone: '' }}
          requireComplete
          toBody={({ phone }) => ({ userid, phone: phone.trim() })}
          onSubmit={async (body) => {
            await sendPhone(body);
            return body.phone;
          }}
          onSuccess={(phone) => setStep({ name: 'code', phone })}
          submitKey="phone.sendPhone"
          savingKey="phone.sending"
        >
          <TextField
            name="phone"
            type="text"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={t('phone.placeholder')}
            required
          />
        </FormShell>
      )}
      {step.name === 'code' && (
        <Stack spacing={2}>
          <Alert severity="info" role="status">
            {t('phone.codeSent', { phone: step.phone })}
          </Alert>
          <FormShell<{ code: string; password: string }, CodeBody, unknown>
            area="phone"
            idPrefix="code"
            defaultValues={{ code: '', password: '' }}
            toBody={({ code, password }) => ({ userid, code: code.trim(), password })}
            onSubmit={sendCode}
            onSuccess={() => {
              setStep({ name: 'connected' });
              void queryClient.invalidateQueries({ queryKey: queryKeys.readerStatus.all });
            }}
            submitKey="phone.connect"
            savingKey="phone.connecting"
            actions={
              <Button variant="text" onClick={() => setStep({ name: 'phone' })}>
                {t('phone.changePhone')}
              </Button>
            }
          >
            <Stack spacing={2}>
              <TextField name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <TextField name="password" type="password" autoComplete="current-password" />
            </Stack>
          </FormShell>
        </Stack>
      )}
      {step.name === 'connected' && (
        <Alert severity="success" role="status">
          {t('phone.connected')}
        </Alert>
      )}
    </PageCard>
  );
}
