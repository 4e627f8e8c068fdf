// The API against its yardstick: the authenticated `GET /api/globalparams` of the built server
// (session, ownership, validation, SQLite read, serialisation, security headers, one log line)
// and bare Fastify answering a constant, alternated three times in one run so both see the same
// machine; then the read under 200 connections for its p99 and errors.
// `BENCH_BASELINE_SERVER=<path>/apps/server/dist/server.js` (another commit's build, beside its
// own node_modules) is measured in the same rounds, and each round prints this build ÷ that one.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { budgets, median, type BudgetRow } from '../lib/budget.ts';
import {
  ensureServerBuilt,
  loggedInTrader,
  startBareFastify,
  startBuiltServer,
} from '../lib/servers.ts';
import { SQLITE_LABEL } from '../lib/postgres.ts';

const ROUND_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const P99_SECONDS = Number(process.env.BENCH_P99_SECONDS ?? 30);
const BASELINE = process.env.BENCH_BASELINE_SERVER?.trim() || null;
const ROUNDS = Math.max(1, Number(process.env.BENCH_HTTP_ROUNDS ?? 3));

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One round of `read` at 100 connections, with the server's CPU time per answered request. */
async function measure(
  read: Read,
  pid: number,
): Promise<{ result: Awaited<ReturnType<typeof autocannon>>; cpuUs: number }> {
  const before = cpuSeconds(pid);
  const result = await autocannon({ ...read, connections: 100, duration: ROUND_SECONDS });
  const cpuUs = ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, result.requests.total);
  return { result, cpuUs };
}

interface Read {
  url: string;
  headers: { cookie: string };
}

/** The authenticated read of a freshly registered trader on `baseUrl`, checked once. */
async function readOf(baseUrl: string): Promise<Read> {
  const { cookie, userid } = await loggedInTrader(baseUrl);
  const read = {
    url: `${baseUrl}/api/globalparams?userid=${userid}&brokerid=1`,
    headers: { cookie },
  };
  const check = await fetch(read.url, { headers: read.headers });
  if (check.status !== 200) throw new Error(`GET /api/globalparams answered ${check.status}`);
  return read;
}

export async function run(): Promise<BudgetRow[]> {
  await ensureServerBuilt();
  const server = await startBuiltServer();
  const bare = await startBareFastify();
  const baseline = BASELINE === null ? null : await startBuiltServer(BASELINE);
  try {
    const read = await readOf(server.url);
    const baseRead = baseline === null ? null : await readOf(baseline.url);

    // Warm-up: JIT, statement cache, connection setup.
    await autocannon({ url: `${bare.url}/`, connections: 100, duration: 2 });
    await autocannon({ ...read, connections: 100, duration: 2 });
    if (baseRead) await autocannon({ ...baseRead, connections: 100, duration: 2 });

    console.log(`database: ${SQLITE_LABEL}`);
    if (baseline) console.log(`baseline build: ${BASELINE}`);
    const ratios: number[] = [];
    const vsBaseline: number[] = [];
    const cpu: number[] = [];
    const baseCpu: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const hello = await autocannon({
        url: `${bare.url}/`,
        connections: 100,
        duration: ROUND_SECONDS,
      });
      // With a baseline, the two builds swap places every round: neither always runs first.
      const first = baseRead && round % 2 === 0 ? baseRead : read;
      const second = first === read ? baseRead : read;
      const runs = new Map<Read, Awaited<ReturnType<typeof measure>>>();
      for (const r of [first, second]) {
        const pid = r === read ? server.child.pid : baseline?.child.pid;
        if (r && pid !== undefined) runs.set(r, await measure(r, pid));
      }
      const { result: api, cpuUs } = runs.get(read)!;
      const ratio = api.requests.average / hello.requests.average;
      ratios.push(ratio);
      cpu.push(cpuUs);
      console.log(
        `round ${round}: bare Fastify ${Math.round(hello.requests.average)} req/s, ` +
          `GET /api/globalparams ${Math.round(api.requests.average)} req/s ` +
          `(p99 ${api.latency.p99} ms, non-2xx ${api.non2xx}, server CPU ${Math.round(cpuUs)} µs ` +
          `per read), ratio ${ratio.toFixed(3)}`,
      );
      const base = baseRead ? runs.get(baseRead) : undefined;
      if (base) {
        const vs = api.requests.average / base.result.requests.average;
        vsBaseline.push(vs);
        baseCpu.push(base.cpuUs);
        console.log(
          `         baseline build ${Math.round(base.result.requests.average)} req/s ` +
            `(ratio ${(base.result.requests.average / hello.requests.average).toFixed(3)}, ` +
            `non-2xx ${base.result.non2xx}, server CPU ${Math.round(base.cpuUs)} µs per read); ` +
            `this build ÷ baseline ${vs.toFixed(3)}`,
        );
      }
    }
    console.log(`server CPU per read, median: ${Math.round(median(cpu))} µs`);
    if (vsBaseline.length > 0) {
      console.log(
        `this build ÷ baseline build, median of ${ROUNDS}: ${median(vsBaseline).toFixed(3)} ` +
          `(req/s); baseline CPU per read ÷ this build's: ` +
          `${(median(baseCpu) / median(cpu)).toFixed(3)} (${Math.round(median(baseCpu))} µs)`,
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
        measure: `GET /api/globalparams (sqlite) ÷ bare Fastify (100 conn, median of ${ROUNDS})`,
        value: median(ratios),
        unit: '×',
        kind: 'min',
        budget: budgets.http.readVsBareFastifyMin,
      },
      {
        measure: `GET /api/globalparams (sqlite) p99 (200 conn × ${P99_SECONDS} s)`,
        value: load.latency.p99,
        unit: 'ms',
        kind: 'max',
        budget: budgets.http.p99MsMax,
      },
      {
        measure: `GET /api/globalparams (sqlite) errors (200 conn × ${P99_SECONDS} s)`,
        value: errors,
        unit: '',
        kind: 'max',
        budget: budgets.http.errorsMax,
      },
    ];
  } finally {
    await baseline?.stop();
    await bare.stop();
    await server.stop();
  }
}
