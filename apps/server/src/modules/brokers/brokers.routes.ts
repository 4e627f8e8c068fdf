import { endpoints, ErrorCode } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { route } from '../../plugins/route.ts';
import {
  readStoredCredentials,
  removeBrokerLogin,
  writeBrokerLogin,
  writeDerivTokens,
} from './brokers.service.ts';
import { finishDerivOAuth, startDerivOAuth, type DerivOAuthConfig } from './deriv-oauth.ts';

const ok = { ok: true as const };

/** The panel's address for Deriv's redirect: PUBLIC_URL, else the request's own origin. */
const isProduction = () => process.env.NODE_ENV?.trim() === 'production';

function baseUrlOf(publicUrl: string | null, req: FastifyRequest): string {
  if (publicUrl !== null) return publicUrl;
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    throw new HttpError(400, ErrorCode.invalidInput);
  }
}

/**
 * Broker credentials: saved encrypted, listed as "stored or not", never returned; and Deriv's
 * OAuth connection ("Conectar Deriv") when the operator configured it.
 */
export function brokersRoutes(
  app: FastifyInstance,
  options: { publicUrl: string | null; derivOAuth: DerivOAuthConfig | null } = {
    publicUrl: null,
    derivOAuth: null,
  },
): void {
  route(app, endpoints.derivOAuthStart, ({ body, req, deps }) => {
    // In production the address Deriv sends the browser back to must be the configured one:
    // built from the request's Host header, a client would choose where the code goes.
    if (options.derivOAuth && options.publicUrl === null && isProduction()) {
      throw new HttpError(503, ErrorCode.derivOAuthNoPublicUrl);
    }
    return startDerivOAuth(
      deps,
      options.derivOAuth,
      body.userid,
      baseUrlOf(options.publicUrl, req),
    );
  });
  route(app, endpoints.derivOAuthFinish, async ({ body, deps }) => {
    await finishDerivOAuth(deps, options.derivOAuth, body);
    return ok;
  });
  route(app, endpoints.listBrokerLogins, ({ query, deps }) =>
    readStoredCredentials(deps, query.userid),
  );
  route(app, endpoints.saveBrokerLogin, async ({ body, deps }) => {
    await writeBrokerLogin(deps, body);
    return ok;
  });
  route(app, endpoints.saveDerivTokens, async ({ body, deps }) => {
    await writeDerivTokens(deps, body);
    return ok;
  });
  route(app, endpoints.removeBrokerLogin, async ({ body, deps }) => {
    await removeBrokerLogin(deps, body.userid, body.broker);
    return ok;
  });
}
