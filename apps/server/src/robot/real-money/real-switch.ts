import { Broker } from '@app/contract';
import { realTradingBrokers } from '../brokers/broker-catalog.ts';

/** Why a bot may not be switched to Real at this broker, or null when the robot can trade real. */
export type RealSwitchProblem = 'simulatorOnly' | 'noCredentials';

/**
 * Whether the robot can trade real money for a bot at this broker with what the bot stored: the
 * broker must have an adapter here (see {@link realTradingBrokers}) and the bot the login that
 * adapter uses for a real account (Deriv: a real token; Quadcode platform: e-mail and password).
 * Without it the bot would "trade Real" on the paper broker, which is never allowed.
 */
export function realSwitchProblem(
  brokerId: number,
  creds: { email: string; password_enc: string | null; token_real_enc: string | null } | undefined,
  env: NodeJS.ProcessEnv = process.env,
): RealSwitchProblem | null {
  if (!realTradingBrokers(env).includes(brokerId)) return 'simulatorOnly';
  if (!creds) return 'noCredentials';
  if (brokerId === Broker.deriv) return creds.token_real_enc ? null : 'noCredentials';
  return creds.email !== '' && creds.password_enc ? null : 'noCredentials';
}
