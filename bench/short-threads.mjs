// The `short` scenario's measured phase taken apart, for one contender in one fresh process: CPU
// per tool round of the main thread and of the other threads (V8's compiler and GC helpers, libuv's
// pool; from /proc, Linux only), garbage collections in the phase, and optionally a CPU profile of
// the phase alone (warm-up and start excluded), to compare against the floor's.
// Usage: node bench/short-threads.mjs <contender> [conversations] [warmup] [profile.cpuprofile]
// Env: BENCH_PROFILE_INTERVAL (µs between samples, default 400: more often inflates cold code most).
import { fork } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { PerformanceObserver } from "node:perf_hooks";
import { impls } from "./scenario.mjs";

const [name, conversations = "1000", warmup = "50", profilePath] = process.argv.slice(2);
const rounds = 3;
const concurrency = 10;

/** CPU µs of each thread of this process so far, by thread id (the main thread's id is the pid). */
function threadCpu() {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const out = new Map();
  for (const id of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[11], [12]: utime, stime
    out.set(id, ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond);
  }
  return out;
}

// The server's own flags stay its own (no profile or trace of it).
const server = fork(new URL("./server-process.mjs", import.meta.url), [], {
  execArgv: [],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: { ...process.env, BENCH_ROUNDS: String(rounds) },
});
const { url } = await new Promise((resolve) => server.once("message", resolve));

async function play(contender, from, to) {
  let next = from;
  const worker = async () => {
    while (next < to) await contender.run(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

try {
  const { create } = await import(`./contenders/${name}.mjs`);
  const contender = await create(url, impls, { rounds });
  await play(contender, 100_000, 100_000 + Number(warmup));

  let session;
  if (profilePath !== undefined) {
    session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: Number(process.env.BENCH_PROFILE_INTERVAL ?? 400) });
    await session.post("Profiler.start");
  }
  const gc = { count: 0, ms: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) [gc.count, gc.ms] = [gc.count + 1, gc.ms + entry.duration];
  });
  observer.observe({ entryTypes: ["gc"] });
  const before = threadCpu();
  const start = process.cpuUsage();
  await play(contender, 0, Number(conversations));
  const used = process.cpuUsage(start);
  const after = threadCpu();
  if (session !== undefined) writeFileSync(profilePath, JSON.stringify((await session.post("Profiler.stop")).profile));
  await new Promise((resolve) => setTimeout(resolve, 10)); // the last GC entries arrive a turn later
  observer.disconnect();

  const tools = Number(conversations) * rounds;
  let main = 0;
  let others = 0;
  for (const [id, cpu] of after) {
    const spent = cpu - (before.get(id) ?? 0);
    if (id === String(process.pid)) main += spent;
    else others += spent;
  }
  const perRound = (value) => Math.round(value / tools);
  process.stdout.write(
    JSON.stringify({
      name,
      perRound: perRound(used.user + used.system),
      mainThread: perRound(main),
      otherThreads: perRound(others),
      gcs: gc.count,
      gcPerRound: perRound(gc.ms * 1000),
    }) + "\n",
  );
} finally {
  server.send("close");
}
