import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDerivOAuth } from '../../../components/flags/broker-capability.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { finishDerivOAuth, startDerivOAuth } from '../api/brokers.ts';

/** Leaving the panel for Deriv's page (an object, so a test can watch it). */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * "Conectar Deriv" on Deriv's card (OAuth 2.0 + PKCE; the server keeps the verifier): the browser
 * goes to Deriv's authorization page, and Deriv sends it back to /brokerconfig with a code.
 * Personal access tokens stay the alternative (the card's token fields).
 */
export function DerivConnectButton({ userid }: { userid: string }) {
  const { t } = useTranslation();
  const offered = useDerivOAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!offered) return null;
  async function connect(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      const { url } = await startDerivOAuth(userid);
      browser.go(url);
    } catch (err) {
      setError(errorKey(err));
      setBusy(false);
    }
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="contained" onClick={() => void connect()} disabled={busy}>
        {t('derivOAuth.connect')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('derivOAuth.connectHint')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t(dynamicKey(error))}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Back from Deriv (`/brokerconfig?code=…&state=…`): finishes the connection once, then takes the
 * code out of the address bar and says how it went.
 */
export function DerivOAuthReturn({ userid, onDone }: { userid: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  // null: nothing to finish; 'busy' / 'ok'; else the error's i18n key.
  const [outcome, setOutcome] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    setOutcome('busy');
    setParams({}, { replace: true });
    finishDerivOAuth({ userid, code, state }).then(
      () => {
        setOutcome('ok');
        onDone();
      },
      (err: unknown) => setOutcome(errorKey(err)),
    );
  }, [code, state, userid, setParams, onDone]);
  if (outcome === null) return null;
  if (outcome === 'busy') return <Alert severity="info">{t('derivOAuth.finishing')}</Alert>;
  if (outcome === 'ok') return <Alert severity="success">{t('derivOAuth.connected')}</Alert>;
  return <Alert severity="error">{t(dynamicKey(outcome))}</Alert>;
}
