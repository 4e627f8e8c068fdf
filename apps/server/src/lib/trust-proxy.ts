/**
 * What `TRUST_PROXY` means (docs/operator.md "Behind a reverse proxy"): how many proxy hops in
 * front of the server append to `X-Forwarded-For` (`1` for one nginx), or a comma-separated list of
 * the proxies' addresses or CIDR ranges. The client address is then the first address that is not a
 * trusted hop — never whatever a client wrote at the left of the header. Unset or `0`: off, the
 * socket's address is the client's. `true` is read as one hop (older configurations said `1`
 * meaning "on").
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return list.length > 0 ? list : false;
}

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes "the nearest n hops", which Fastify
 * does not offer by number: it is safe only when clients cannot reach the server but through the
 * proxy (the default HOST is 127.0.0.1), so docs/operator.md prefers the proxies' addresses.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
