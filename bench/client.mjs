// One contender in one fresh process: forks the scripted server (its CPU is the child's, not
// ours), plays warm-up conversations, then measures process.cpuUsage() (user + system) around
// every round. A round's sample runs from one tool call to the next: append the result,
// serialise and send the request, read and parse the reply, validate the arguments, call the tool.
// Usage: node bench/client.mjs <contender> <conversations> <warmup>; prints one JSON line.
import { fork } from "node:child_process";
import { impls } from "./scenario.mjs";

const [name, conversations = "10", warmup = "3"] = process.argv.slice(2);
const contenders = ["floor", "typia", "tooltype", "tooltype-otel", "ai-sdk", "openai-runner"];
if (!contenders.includes(name))
  throw new Error(`unknown contender "${name}"; expected one of ${contenders.join(", ")}`);

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
});
const { url } = await new Promise((resolve, reject) => {
  server.once("message", resolve);
  server.once("error", reject);
  server.once("exit", (code) => reject(new Error(`the scripted server exited (${code}) before it started`)));
});

let finalRequestBytes = 0;
server.on("message", (message) => (finalRequestBytes = message.finalRequestBytes ?? finalRequestBytes));

try {
  const { create } = await import(`./contenders/${name}.mjs`);
  const contender = await create(url, metered);
  for (let c = 0; c < Number(warmup); c++) await contender.run(1000 + c);
  const rounds = []; // rounds[k]: CPU µs of round k+1, one sample per conversation
  const totals = []; // CPU µs of whole conversations (ROUNDS rounds + the final answer)
  const started = performance.now();
  for (let c = 0; c < Number(conversations); c++) {
    marks = [];
    const start = cpu();
    await contender.run(c);
    const end = cpu();
    totals.push(end - start);
    marks.forEach((mark, k) => (rounds[k] ??= []).push(mark - (k === 0 ? start : marks[k - 1])));
  }
  const wallMs = performance.now() - started;
  process.stdout.write(JSON.stringify({ name, rounds, totals, wallMs, finalRequestBytes }) + "\n");
} finally {
  server.send("close");
}
