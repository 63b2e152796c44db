// Runs every contender in its own fresh process, several passes in rotating order, and prints
// CPU per round as ratios to the bare undici floor (a markdown table for bench/RESULTS.md).
// Usage: node bench/run.mjs [contender ...]   Env: BENCH_PASSES (5), BENCH_CONVERSATIONS (40),
// BENCH_WARMUP (10 conversations, not measured).
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { ROUNDS } from "./scenario.mjs";

const all = ["floor", "typia", "tooltype", "tooltype-otel", "ai-sdk", "openai-runner"];
const labels = {
  floor: "floor: bare undici loop (no validation)",
  typia: "typia validators + the bare loop (typia has no loop)",
  tooltype: "tooltype `completions`",
  "tooltype-otel": "tooltype `completions` + `@tooltype/otel` (no-op exporter)",
  "ai-sdk": "Vercel AI SDK `generateText` + zod",
  "openai-runner": "OpenAI SDK `runTools` + zod",
};
const wanted = process.argv.slice(2);
for (const name of wanted)
  if (!all.includes(name)) throw new Error(`unknown contender "${name}"; expected some of ${all.join(", ")}`);
const contenders = wanted.length > 0 ? all.filter((name) => wanted.includes(name)) : all;
const passes = Number(process.env.BENCH_PASSES ?? 5);
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 40);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const client = fileURLToPath(new URL("./client.mjs", import.meta.url));

const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// One pass of one contender → its summary (µs).
function runOnce(name) {
  const out = execFileSync(process.execPath, [client, name, String(conversations), String(warmup)], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const result = JSON.parse(out.trim().split("\n").pop());
  if (result.rounds.length !== ROUNDS)
    throw new Error(`${name}: ${result.rounds.length} rounds measured, expected ${ROUNDS}`);
  return {
    perRound: mean(result.rounds.flat()),
    medianRound: median(result.rounds.flat()),
    early: mean(result.rounds.slice(0, 5).flat()),
    late: mean(result.rounds.slice(ROUNDS - 5).flat()),
    conversation: mean(result.totals),
    wallMs: result.wallMs,
    bytes: result.finalRequestBytes,
  };
}

const started = Date.now();
const samples = Object.fromEntries(contenders.map((name) => [name, []]));
for (let pass = 0; pass < passes; pass++) {
  const order = contenders.map((_, i) => contenders[(i + pass) % contenders.length]);
  for (const name of order) samples[name].push(runOnce(name));
  process.stderr.write(`pass ${pass + 1}/${passes} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}

// Median over passes of each figure; ratios use the floor's median of the same figure.
const summary = Object.fromEntries(
  contenders.map((name) => {
    const s = samples[name];
    const pick = (key) => median(s.map((x) => x[key]));
    return [
      name,
      {
        perRound: pick("perRound"),
        medianRound: pick("medianRound"),
        early: pick("early"),
        late: pick("late"),
        conversation: pick("conversation"),
        bytes: pick("bytes"),
        spread: [Math.min(...s.map((x) => x.perRound)), Math.max(...s.map((x) => x.perRound))],
      },
    ];
  }),
);
const floor = summary.floor;
const ms = (us) => (us / 1000).toFixed(3);
const ratio = (value, base) => (base ? `${(value / base).toFixed(2)}×` : "–");

const lines = [
  `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${new Date().toISOString().slice(0, 10)}; ` +
    `${passes} passes × ${conversations} conversations × ${ROUNDS} rounds per contender (after ${warmup} warm-up conversations), ` +
    `median of the passes; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  "",
  "| contender | CPU ms / round | vs floor | median round vs floor | rounds 1–5 (ms) | rounds 16–20 (ms) | 16–20 ÷ 1–5 | whole conversation (ms) | pass spread (ms / round) |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...contenders.map((name) => {
    const s = summary[name];
    return `| ${labels[name]} | ${ms(s.perRound)} | ${ratio(s.perRound, floor?.perRound)} | ${ratio(s.medianRound, floor?.medianRound)} | ${ms(s.early)} | ${ms(s.late)} | ${(s.late / s.early).toFixed(2)} | ${(s.conversation / 1000).toFixed(1)} | ${ms(s.spread[0])}–${ms(s.spread[1])} |`;
  }),
  "",
  `Request body of the last round (bytes): ${contenders.map((name) => `${name} ${summary[name].bytes}`).join(", ")}.`,
];
// The telemetry overhead: the same loop with and without @tooltype/otel.
if (summary.tooltype && summary["tooltype-otel"]) {
  const overhead = summary["tooltype-otel"].perRound / summary.tooltype.perRound;
  lines.push(
    "",
    `Telemetry overhead: tooltype-otel ÷ tooltype = ${overhead.toFixed(3)}× CPU per round (${((overhead - 1) * 100).toFixed(1)} %).`,
  );
}
process.stdout.write(lines.join("\n") + "\n");
