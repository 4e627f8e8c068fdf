import { processMetrics, type Metrics } from './metrics.ts';

/**
 * The bounded kind of a failed broker call, read from the error's shape (the adapters' own error
 * classes carry `why` or `code`; Node's network errors a syscall `code`): `timeout`, `network`,
 * `auth`, `rate_limited`, `refused` (the broker answered no) or `other`.
 */
export function brokerErrorKind(err: unknown): string {
  if (typeof err !== 'object' || err === null) return 'other';
  const e = err as { why?: unknown; code?: unknown; name?: unknown; cause?: unknown };
  if (e.why === 'timeout' || e.name === 'TimeoutError') return 'timeout';
  if (e.why === 'disconnected') return 'network';
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^(E[A-Z]+|UND_ERR_\w+)$/.test(code)) return code === 'ETIMEDOUT' ? 'timeout' : 'network';
  if (/auth|token|two.?factor|login/i.test(code)) return 'auth';
  if (/rate.?limit|too.?many/i.test(code)) return 'rate_limited';
  if (code !== '') return 'refused';
  // fetch() fails with a TypeError whose cause is the socket's error.
  if (e.name === 'TypeError' && e.cause !== undefined) return brokerErrorKind(e.cause);
  return 'other';
}

const observed = new WeakMap<object, object>();

/**
 * The same adapter, whose failed calls (a method's rejected promise) are counted in
 * `copybot_broker_errors_total{broker, kind}` and rethrown unchanged. One wrapper per adapter, so
 * an adapter kept between runs stays the same object to its callers.
 */
export function observedBroker<T extends { readonly name: string }>(
  adapter: T,
  metrics: () => Metrics = processMetrics,
): T {
  const known = observed.get(adapter);
  if (known) return known as T;
  const wrappers = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(adapter, {
    get(target, prop) {
      // Read on the adapter itself: a getter or method may touch its private fields.
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function' || prop === 'close' || prop === 'constructor') return value;
      let wrapper = wrappers.get(prop);
      if (wrapper === undefined) {
        const fn = value as (...args: unknown[]) => unknown;
        wrapper = (...args: unknown[]): unknown => {
          const result = fn.apply(target, args);
          if (result instanceof Promise) {
            return result.catch((err: unknown) => {
              metrics().brokerError(target.name, brokerErrorKind(err));
              throw err;
            });
          }
          return result;
        };
        wrappers.set(prop, wrapper);
      }
      return wrapper;
    },
  });
  observed.set(adapter, proxy);
  return proxy;
}
