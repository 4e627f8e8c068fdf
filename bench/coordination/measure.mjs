// Coordination candidates for the robot's workers, measured on this machine for
// docs/decisions/2026-12-02-worker-partitions.md. Not part of `npm run bench`: the two queue
// libraries are not dependencies of the project. To run it again:
//   mkdir /tmp/coord && cp bench/coordination/measure.mjs /tmp/coord && cd /tmp/coord
//   npm init -y && npm i pg@8 pg-boss@10 nats@2
//   node measure.mjs <pg|boss|nats> <items> <consumers>     (PostgreSQL on 127.0.0.1:5432, NATS on :4222)
// Workload: <items> work items (one per bot) due at once; <consumers> consumers take them in
// batches of 500 and complete them; then a take-over: one consumer takes 1,000 items and dies
// (never completes), and another must finish them.
import pg from 'pg';
import { performance } from 'node:perf_hooks';

const [, , which = 'pg', itemsArg = '10000', kArg = '1'] = process.argv;
const N = Number(itemsArg);
const K = Number(kArg);
const BATCH = 500;
const BASE = 'postgres://postgres@127.0.0.1:5432/';
const DB = `x_scale_coord_${which}`;

async function freshDb() {
  const admin = new pg.Client({ connectionString: `${BASE}postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  return `${BASE}${DB}`;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (t) => `${(performance.now() - t).toFixed(0)} ms`;

async function measurePg() {
  const url = await freshDb();
  const pool = new pg.Pool({ connectionString: url, max: K + 2 });
  const P = 64;
  await pool.query(`create table bot_events (id bigserial primary key, bot_id bigint not null,
    due_at bigint not null, done_at bigint)`);
  await pool.query(`create index bot_events_due on bot_events (due_at) where done_at is null`);
  await pool.query(`create table workers (id text primary key, beat_at bigint not null)`);
  await pool.query(`create table partitions (part int primary key, owner text)`);
  await pool.query(`insert into partitions select g, null from generate_series(0, ${P - 1}) g`);
  const now = Date.now();
  const rows = JSON.stringify(
    Array.from({ length: N }, (_, i) => ({ bot_id: i + 1, due_at: now })),
  );
  let t = performance.now();
  await pool.query(
    `insert into bot_events (bot_id, due_at) select bot_id, due_at from json_to_recordset($1::json) as r(bot_id bigint, due_at bigint)`,
    [rows],
  );
  console.log(`pg: enqueue ${N} in one statement: ${ms(t)}`);

  const TTL = 2500;
  async function beat(id) {
    await pool.query(
      `insert into workers values ($1, $2) on conflict (id) do update set beat_at = excluded.beat_at`,
      [id, Date.now()],
    );
  }
  async function claim(id, wanted) {
    const r = await pool.query(
      `update partitions set owner = $1 where part = any($2) and (owner is null or owner = $1
        or owner not in (select id from workers where beat_at >= $3)) returning part`,
      [id, wanted, Date.now() - TTL],
    );
    return r.rows.map((x) => x.part);
  }
  async function take(id, parts, limit) {
    const r = await pool.query(
      `update bot_events set done_at = $1 where id in (select id from bot_events
        where done_at is null and due_at <= $1 and (bot_id % ${P}) = any($2)
        order by due_at limit $3 for update skip locked) returning bot_id`,
      [Date.now(), parts, limit],
    );
    return r.rowCount;
  }
  const ids = Array.from({ length: K }, (_, i) => `w${i}`);
  for (const id of ids) await beat(id);
  t = performance.now();
  await Promise.all(
    ids.map(async (id, k) => {
      const parts = await claim(
        id,
        Array.from({ length: P }, (_, p) => p).filter((p) => p % K === k),
      );
      while ((await take(id, parts, BATCH)) > 0);
    }),
  );
  console.log(`pg: ${K} consumer(s) drained ${N}: ${ms(t)}`);
  const beats = performance.now();
  for (let i = 0; i < 100; i += 1) await beat('w0');
  console.log(
    `pg: one heartbeat (per worker, not per bot): ${((performance.now() - beats) / 100).toFixed(2)} ms`,
  );

  // Take-over: 1,000 items in a dead worker's partitions; the survivor notices the stale
  // heartbeat (TTL 2.5 s, checked every 500 ms) and takes them.
  await pool.query(`update partitions set owner = 'dead'`);
  await pool.query(
    `insert into workers values ('dead', $1) on conflict (id) do update set beat_at = excluded.beat_at`,
    [Date.now()],
  );
  const due = Date.now();
  await pool.query(
    `insert into bot_events (bot_id, due_at) select g, $1 from generate_series(1, 1000) g`,
    [due],
  );
  t = performance.now();
  let parts = [];
  let done = 0;
  while (done < 1000) {
    await beat('w0');
    parts = await claim(
      'w0',
      Array.from({ length: P }, (_, p) => p),
    );
    if (parts.length > 0) done += await take('w0', parts, 1000);
    if (done < 1000) await sleep(500);
  }
  console.log(`pg: take-over of a dead worker's 1,000 items: ${ms(t)} (TTL 2.5 s)`);
  await pool.end();
}

async function measureBoss() {
  const { default: PgBoss } = await import('pg-boss');
  const url = await freshDb();
  const boss = new PgBoss({
    connectionString: url,
    max: K + 2,
    maintenanceIntervalSeconds: 1,
    monitorStateIntervalSeconds: 1,
  });
  boss.on('error', (e) => console.error('boss error', e.message));
  await boss.start();
  await boss.createQueue('due');
  let t = performance.now();
  const jobs = Array.from({ length: N }, (_, i) => ({
    name: 'due',
    data: { botId: i + 1 },
    expireInSeconds: 3,
  }));
  for (let i = 0; i < jobs.length; i += 1000) await boss.insert(jobs.slice(i, i + 1000));
  console.log(`pg-boss: enqueue ${N} (insert, 1,000 a call): ${ms(t)}`);
  t = performance.now();
  await Promise.all(
    Array.from({ length: K }, async () => {
      for (;;) {
        const got = await boss.fetch('due', { batchSize: BATCH });
        if (!got || got.length === 0) break;
        await boss.complete(
          'due',
          got.map((j) => j.id),
        );
      }
    }),
  );
  console.log(`pg-boss: ${K} consumer(s) drained ${N}: ${ms(t)}`);
  // Take-over: 1,000 jobs fetched by a consumer that dies; they expire (3 s) and come back
  // (retryLimit 1, no delay) through the 1-second maintenance.
  await boss.insert(
    Array.from({ length: 1000 }, (_, i) => ({
      name: 'due',
      data: { botId: i },
      expireInSeconds: 3,
      retryLimit: 1,
      retryDelay: 0,
    })),
  );
  await boss.fetch('due', { batchSize: 1000 });
  t = performance.now();
  let done = 0;
  while (done < 1000) {
    const got = await boss.fetch('due', { batchSize: 1000 });
    if (got && got.length > 0) {
      await boss.complete(
        'due',
        got.map((j) => j.id),
      );
      done += got.length;
    } else await sleep(250);
  }
  console.log(`pg-boss: take-over of a dead consumer's 1,000 jobs: ${ms(t)} (expire 3 s)`);
  await boss.stop({ graceful: false, wait: true });
}

async function measureNats() {
  const { connect, AckPolicy, RetentionPolicy, StorageType } = await import('nats');
  const nc = await connect({ servers: '127.0.0.1:4222' });
  const jsm = await nc.jetstreamManager();
  await jsm.streams.delete('SCALE_DUE').catch(() => undefined);
  await jsm.streams.add({
    name: 'SCALE_DUE',
    subjects: ['scale.due.*'],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
  });
  await jsm.consumers.add('SCALE_DUE', {
    durable_name: 'workers',
    ack_policy: AckPolicy.Explicit,
    ack_wait: 3_000_000_000,
    max_ack_pending: 20_000,
  });
  const js = nc.jetstream();
  let t = performance.now();
  const acks = [];
  for (let i = 0; i < N; i += 1)
    acks.push(js.publish(`scale.due.${i % 64}`, JSON.stringify({ botId: i + 1 })));
  await Promise.all(acks);
  console.log(`nats: publish ${N} (async, acked): ${ms(t)}`);
  const consumer = await js.consumers.get('SCALE_DUE', 'workers');
  t = performance.now();
  let drained = 0;
  await Promise.all(
    Array.from({ length: K }, async () => {
      while (drained < N) {
        const batch = await consumer.fetch({ max_messages: BATCH, expires: 1000 });
        for await (const m of batch) {
          m.ack();
          drained += 1;
        }
      }
    }),
  );
  console.log(`nats: ${K} consumer(s) drained ${N}: ${ms(t)}`);
  for (let i = 0; i < 1000; i += 1) await js.publish(`scale.due.${i % 64}`, 'x');
  const dying = await consumer.fetch({ max_messages: 1000, expires: 1000 });
  for await (const _m of dying) {
    /* taken, never acked: the consumer died */
  }
  t = performance.now();
  let done = 0;
  while (done < 1000) {
    const batch = await consumer.fetch({ max_messages: 1000, expires: 1000 });
    for await (const m of batch) {
      m.ack();
      done += 1;
    }
  }
  console.log(`nats: redelivery of a dead consumer's 1,000 messages: ${ms(t)} (ack_wait 3 s)`);
  await jsm.streams.delete('SCALE_DUE');
  await nc.drain();
}

if (which === 'pg') await measurePg();
else if (which === 'boss') await measureBoss();
else await measureNats();
