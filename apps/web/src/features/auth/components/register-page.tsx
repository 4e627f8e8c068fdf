import {
  checkRegistration,
  GET_ID_URL,
  isMissing,
  Msg,
  normalizePassword,
  RegisterBodySchema,
  type RawValues,
  type RegisterBody,
  type RuleFailure,
} from '@app/contract';
import { Button, Link } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormSection, FormShell, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { storage } from '../../../lib/storage.ts';
import { useTelegramBotName } from '../../../lib/telegram-bot-name.ts';
import { register } from '../api/auth.ts';
import type { LoginLocationState } from './login-page.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useShellForm } from '../../../components/form/form-area.ts';

interface RegisterValues {
  email: string;
  password: string;
  confirmPassword: string;
  userid: string;
}

/** Shown while the id is empty: where a trader finds their messaging-app id. */
function GetIdLink() {
  const { t } = useTranslation();
  const userid = useWatch<RegisterValues, 'userid'>({
    control: useShellForm<RegisterValues>().control,
    name: 'userid',
  });
  // The operator's bot answers /start with the id (and this page's link); else a public id bot.
  const botName = useTelegramBotName();
  if (userid.trim() !== '') return null;
  return (
    <Link
      href={botName ? `https://t.me/${botName}` : GET_ID_URL}
      target="_blank"
      rel="noopener noreferrer"
      variant="body2"
    >
      {t(botName ? 'telegramBot.getId' : 'register.getId')} {t('common.newTab')}
    </Link>
  );
}

/** SPEC §5: a missing field (reachable only by pressing Enter) gives the "fill correctly" text. */
function anyEmpty(values: RawValues): RuleFailure | null {
  return Object.values(values).some((value) => isMissing(value))
    ? { key: Msg.register.fillCorrectly }
    : null;
}

/** Registration (`/cadastrar`), SPEC §2, §5 and §8. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryUserid = params.get('userid')?.trim() ?? '';
  const querySellerid = params.get('sellerid')?.trim() ?? '';

  useEffect(() => {
    if (querySellerid !== '' && querySellerid !== queryUserid) {
      storage.set('sellerID', querySellerid);
    }
  }, [querySellerid, queryUserid]);

  // The e-mail just registered, for the login screen to open with it filled in.
  const registered = useRef('');

  function toBody(values: RegisterValues): RegisterBody {
    const userid = values.userid.trim();
    registered.current = values.email.trim();
    const sellerid = querySellerid || storage.get('sellerID') || undefined;
    return {
      email: values.email.trim(),
      password: normalizePassword(values.password),
      userid,
      traderid: userid,
      ...(sellerid ? { sellerid } : {}),
    };
  }

  return (
    <PageCard title={t('register.title')} subtitle={t('register.subtitle')} maxWidth={520}>
      <FormShell<RegisterValues, RegisterBody, Awaited<ReturnType<typeof register>>>
        area="register"
        defaultValues={{ email: '', password: '', confirmPassword: '', userid: queryUserid }}
        rule={anyEmpty}
        fieldRules={checkRegistration}
        requireComplete
        toBody={toBody}
        schema={RegisterBodySchema}
        onSubmit={register}
        onSuccess={() => {
          const state: LoginLocationState = {
            notice: 'register.success',
            email: registered.current,
          };
          void navigate(PATHS.home, { state });
        }}
        submitKey="register.submit"
        actions={
          <Button component={RouterLink} to={PATHS.home} variant="outlined" size="large">
            {t('register.toLogin')}
          </Button>
        }
      >
        <FormSection columns={1}>
          <TextField name="email" type="email" autoComplete="email" inputMode="email" />
          <TextField name="password" type="password" autoComplete="new-password" />
          <TextField name="confirmPassword" type="password" autoComplete="new-password" />
          <TextField name="userid" inputMode="numeric" autoComplete="off" />
        </FormSection>
        <GetIdLink />
      </FormShell>
    </PageCard>
  );
}
