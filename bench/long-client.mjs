// One long conversation in one fresh process (run with --expose-gc): `rounds` tool rounds against
// the scripted server, CPU per round from one tool call to the next (as in client.mjs), and the
// heap retained per round: after a full GC at the middle and at the last round, the growth of
// V8's heap plus external memory (Buffers) divided by the rounds between, next to the growth of
// the request body over the same rounds (what those rounds' messages weigh on the wire).
// Usage: node --expose-gc bench/long-client.mjs <contender> <rounds>; prints one JSON line.
import { fork } from "node:child_process";
import { impls } from "./scenario.mjs";

const [name, roundsArg = "2000"] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
const memory = () => {
  globalThis.gc();
  globalThis.gc(); // a second pass frees what the first left to finalisers (Buffers' memory)
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};

const middle = rounds / 2;
const samples = []; // samples[k]: CPU µs of round k+1
const heap = {};
let started = 0;
let round = 0;
const metered = Object.fromEntries(
  Object.entries(impls).map(([toolName, impl]) => [
    toolName,
    (args) => {
      const now = cpu();
      samples.push(now - started);
      round++;
      if (round === middle || round === rounds) heap[round] = memory();
      started = cpu(); // the GC above is not part of any round
      return impl(args);
    },
  ]),
);

const server = fork(new URL("./server-process.mjs", import.meta.url), [], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: { ...process.env, BENCH_ROUNDS: String(rounds), BENCH_REPORT_EVERY: String(middle), BENCH_SMALL_CALLS: "1" },
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
  server.once("exit", (code) => reject(new Error(`the scripted server exited (${code}) before it started`)));
});
const bodyBytes = {};
server.on("message", (message) => {
  if (message.round !== undefined) bodyBytes[message.round] = message.bodyBytes;
});

try {
  const { create } = await import(`./contenders/${name}.mjs`);
  const contender = await create(url, metered, { rounds });
  started = cpu();
  await contender.run(0);
  process.stdout.write(JSON.stringify({ name, samples, heap, bodyBytes, middle, rounds }) + "\n");
} finally {
  server.send("close");
}
