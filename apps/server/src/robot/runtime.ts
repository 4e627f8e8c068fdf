import { brokerResolver, type BrokerResolver } from './brokers/broker-resolver.ts';
import { paperBatchBroker } from './brokers/paper-batch.ts';
import type { RobotHostDeps, RuntimeDeps, RuntimeLog } from './runtime-deps.ts';

export {
  runDuePass,
  startRuntimeLoop,
  type RuntimeLoop,
  type RuntimeLoopOptions,
} from './runtime-loop.ts';

/** One broker resolver per host (its Deriv connections are shared by the runtime and the API). */
const resolvers = new WeakMap<RobotHostDeps, BrokerResolver>();

/**
 * The app's broker resolver (brokers/broker-resolver.ts), made on first use with
 * `DERIV_WS_URL`/`DERIV_APP_ID`; {@link closeBrokers} ends its connections when the app closes.
 */
export function brokersOf(deps: RobotHostDeps): BrokerResolver {
  let r = resolvers.get(deps);
  if (!r) {
    r = brokerResolver(deps);
    resolvers.set(deps, r);
  }
  return r;
}

/** Closes the app's broker connections (if any were made). */
export async function closeBrokers(deps: RobotHostDeps): Promise<void> {
  const r = resolvers.get(deps);
  resolvers.delete(deps);
  await r?.close();
}

/**
 * The runtime's deps from the server's: the bot's broker from the app's resolver (Deriv when the
 * bot's broker is Deriv and a token for its account is stored, else paper).
 */
export function runtimeDepsOf(
  deps: RobotHostDeps,
  log: RuntimeLog,
  extra: Partial<Pick<RuntimeDeps, 'onChange' | 'fault' | 'brokerFor'>> & {
    /** Brokers from this resolver instead of the app's (tests bring one on a fake broker). */
    resolver?: BrokerResolver;
  } = {},
): RuntimeDeps {
  const { resolver, ...rest } = extra;
  const brokers = (): BrokerResolver => resolver ?? brokersOf(deps);
  return {
    db: deps.db,
    dialect: deps.dialect,
    now: deps.now,
    secrets: deps.secrets,
    log,
    brokerFor: (botId, brokerId) => brokers().brokerFor(botId, brokerId),
    // Copies go to the paper broker in one batch, unless a test or caller brings its own
    // `brokerFor` (then one call at a time through it); a copy whose follower stored its login at
    // a real-trading broker (Deriv, Quadcode platform) goes one call at a time through its own
    // adapter (copy-send.ts).
    ...(rest.brokerFor ? {} : copyRouting(brokers)),
    ...rest,
  };
}

/** The paper batch for copies, and the follower's own adapter where it stored its login. */
export function copyRouting(
  brokers: () => BrokerResolver,
): Pick<RuntimeDeps, 'batchBroker' | 'ownBroker'> {
  const batch = paperBatchBroker();
  return {
    batchBroker: () => batch,
    ownBroker: (db, targets) => brokers().ownAdapters(db, targets),
  };
}
