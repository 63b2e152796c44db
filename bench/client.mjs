// One contender in one fresh process: forks the scripted server (its CPU is the child's, not
// ours), plays warm-up conversations, then measures process.cpuUsage() (user + system).
// One at a time (BENCH_CONCURRENCY 1): per round, from one tool call to the next (append the
// result, serialise and send the request, read and parse the reply, validate the arguments,
// call the tool). Several at a time: the CPU of the whole measured phase, per tool round.
// Usage: node bench/client.mjs <contender> <conversations> <warmup>; prints one JSON line.
// Env: BENCH_ROUNDS (tool rounds per conversation), BENCH_TOOLS (tools offered),
// BENCH_CONCURRENCY (conversations at a time, default 1).
import { fork } from "node:child_process";
import { impls, ROUNDS } from "./scenario.mjs";
import { geminiContenders } from "./scenarios/gemini.mjs";

const [name, conversations = "10", warmup = "3"] = process.argv.slice(2);
const contenders = ["floor", "typia", "tooltype", "tooltype-otel", "ai-sdk", "openai-runner", ...geminiContenders];
contenders.push("responses-floor", "responses-tooltype", "responses-openai");
if (!contenders.includes(name))
  throw new Error(`unknown contender "${name}"; expected one of ${contenders.join(", ")}`);
const rounds = Number(process.env.BENCH_ROUNDS ?? ROUNDS);
const toolCount = process.env.BENCH_TOOLS === undefined ? undefined : Number(process.env.BENCH_TOOLS);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);

const cpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

// Every tool records the CPU clock when it is called, then does its (identical) work.
let marks = [];
const metered = Object.fromEntries(
  Object.entries(impls).map(([toolName, impl]) => [
    toolName,
    (args) => {
      marks.push(cpu());
      return impl(args);
    },
  ]),
);

const server = fork(new URL("./server-process.mjs", import.meta.url), [], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
  env: { ...process.env, BENCH_ROUNDS: String(rounds) },
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
  server.once("exit", (code) => reject(new Error(`the scripted server exited (${code}) before it started`)));
});

let finalRequestBytes = 0;
server.on("message", (message) => (finalRequestBytes = message.finalRequestBytes ?? finalRequestBytes));

/** Plays conversations `from` … `to - 1`, `concurrency` at a time. */
async function play(contender, from, to) {
  let next = from;
  const worker = async () => {
    while (next < to) await contender.run(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, to - from) }, worker));
}

try {
  const { create } = await import(`./contenders/${name}.mjs`);
  const contender = await create(url, metered, { rounds, tools: toolCount });
  await play(contender, 1000, 1000 + Number(warmup));
  const started = performance.now();
  if (concurrency > 1) {
    const start = cpu();
    await play(contender, 0, Number(conversations));
    const perRound = (cpu() - start) / (Number(conversations) * rounds);
    const wallMs = performance.now() - started;
    process.stdout.write(JSON.stringify({ name, perRound, wallMs, finalRequestBytes }) + "\n");
  } else {
    const samples = []; // samples[k]: CPU µs of round k+1, one sample per conversation
    const totals = []; // CPU µs of whole conversations (the tool rounds + the final answer)
    for (let c = 0; c < Number(conversations); c++) {
      marks = [];
      const start = cpu();
      await contender.run(c);
      const end = cpu();
      totals.push(end - start);
      marks.forEach((mark, k) => (samples[k] ??= []).push(mark - (k === 0 ? start : marks[k - 1])));
    }
    const wallMs = performance.now() - started;
    process.stdout.write(JSON.stringify({ name, rounds: samples, totals, wallMs, finalRequestBytes }) + "\n");
  }
} finally {
  server.send("close");
}
