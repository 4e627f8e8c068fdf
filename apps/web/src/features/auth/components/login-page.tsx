import { checkLogin, normalizePassword } from '@app/contract';
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { FormSection } from '../../../components/form/form-section.tsx';
import { FormShell } from '../../../components/form/form-shell.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { loadAuthSchemas, useStartSession } from '../../../lib/session.ts';
import { login } from '../api/auth.ts';
import { PATHS } from '../../../lib/paths.ts';

interface LoginValues {
  email: string;
  password: string;
}

/** A notice another screen hands over when it navigates here (e.g. "Cadastro ok!"). */
export interface LoginLocationState {
  notice?: string;
  /** The e-mail to fill in (the one just registered). */
  email?: string;
}

/** Login (`/`, `/auth`), SPEC §2 and §5: trimmed e-mail and password, both required. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const startSession = useStartSession();
  const handed = location.state as LoginLocationState | null;
  const notice = handed?.notice;

  return (
    <PageCard title={t('auth.title')} subtitle={t('auth.subtitle')} maxWidth={440}>
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t(dynamicKey(notice))}
        </Alert>
      )}
      {/* The contract's auth schemas (zod, checked on the answer) start loading when the
          trader starts typing, not with the page. */}
      <div onFocus={() => void loadAuthSchemas()}>
        <FormShell<LoginValues, LoginValues, Awaited<ReturnType<typeof login>>>
          area="auth"
          defaultValues={{ email: handed?.email ?? '', password: '' }}
          rule={checkLogin}
          toBody={(values) => ({
            email: values.email.trim(),
            password: normalizePassword(values.password),
          })}
          onSubmit={login}
          onSuccess={(info) => {
            startSession(info);
            void navigate(PATHS.home, { replace: true });
          }}
          submitKey="auth.submit"
          actions={
            <Button component={RouterLink} to={PATHS.register} variant="outlined" size="large">
              {t('auth.toRegister')}
            </Button>
          }
        >
          <FormSection columns={1}>
            <TextField name="email" type="email" autoComplete="username" inputMode="email" />
            <TextField name="password" type="password" autoComplete="current-password" />
          </FormSection>
        </FormShell>
      </div>
    </PageCard>
  );
}
