// The API against its yardstick: the authenticated `GET /api/globalparams` of the built server
// (session, ownership, validation, SQLite read, serialisation, security headers, one log line)
// and bare Fastify answering a constant, alternated three times in one run so both see the same
// machine; then the read under 200 connections for its p99 and errors.
import autocannon from 'autocannon';
import { budgets, median, type BudgetRow } from '../lib/budget.ts';
import {
  ensureServerBuilt,
  loggedInTrader,
  startBareFastify,
  startBuiltServer,
} from '../lib/servers.ts';

const ROUND_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const P99_SECONDS = Number(process.env.BENCH_P99_SECONDS ?? 30);

export async function run(): Promise<BudgetRow[]> {
  await ensureServerBuilt();
  const server = await startBuiltServer();
  const bare = await startBareFastify();
  try {
    const { cookie, userid } = await loggedInTrader(server.url);
    const read = {
      url: `${server.url}/api/globalparams?userid=${userid}&brokerid=1`,
      headers: { cookie },
    };
    const check = await fetch(read.url, { headers: read.headers });
    if (check.status !== 200) throw new Error(`GET /api/globalparams answered ${check.status}`);

    // Warm-up: JIT, statement cache, connection setup.
    await autocannon({ url: `${bare.url}/`, connections: 100, duration: 2 });
    await autocannon({ ...read, connections: 100, duration: 2 });

    const ratios: number[] = [];
    for (let round = 1; round <= 3; round += 1) {
      const hello = await autocannon({
        url: `${bare.url}/`,
        connections: 100,
        duration: ROUND_SECONDS,
      });
      const api = await autocannon({ ...read, connections: 100, duration: ROUND_SECONDS });
      const ratio = api.requests.average / hello.requests.average;
      ratios.push(ratio);
      console.log(
        `round ${round}: bare Fastify ${Math.round(hello.requests.average)} req/s, ` +
          `GET /api/globalparams ${Math.round(api.requests.average)} req/s ` +
          `(p99 ${api.latency.p99} ms, non-2xx ${api.non2xx}), ratio ${ratio.toFixed(3)}`,
      );
    }

    const load = await autocannon({ ...read, connections: 200, duration: P99_SECONDS });
    // autocannon counts time-outs among its errors; non-2xx answers are errors for a client too.
    const errors = load.errors + load.non2xx;
    console.log(
      `200 connections × ${P99_SECONDS} s: ${Math.round(load.requests.average)} req/s, ` +
        `p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, errors ${load.errors}, ` +
        `time-outs ${load.timeouts}, non-2xx ${load.non2xx}`,
    );
    return [
      {
        measure: 'GET /api/globalparams ÷ bare Fastify (100 conn, median of 3)',
        value: median(ratios),
        unit: '×',
        kind: 'min',
        budget: budgets.http.readVsBareFastifyMin,
      },
      {
        measure: `GET /api/globalparams p99 (200 conn × ${P99_SECONDS} s)`,
        value: load.latency.p99,
        unit: 'ms',
        kind: 'max',
        budget: budgets.http.p99MsMax,
      },
      {
        measure: `GET /api/globalparams errors (200 conn × ${P99_SECONDS} s)`,
        value: errors,
        unit: '',
        kind: 'max',
        budget: budgets.http.errorsMax,
      },
    ];
  } finally {
    await bare.stop();
    await server.stop();
  }
}
