// What the scenarios share: statistics, running a client in a fresh process, table formatting.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Every contender of the loop scenarios, in table order. */
export const allContenders = ["floor", "typia", "tooltype", "tooltype-otel", "ai-sdk", "openai-runner"];

/** How each contender is named in the tables. */
export const labels = {
  floor: "floor: bare undici loop (no validation)",
  typia: "typia validators + the bare loop (typia has no loop)",
  tooltype: "tooltype `completions`",
  "tooltype-otel": "tooltype `completions` + `@tooltype/otel` (no-op exporter)",
  "ai-sdk": "Vercel AI SDK `generateText` + zod",
  "openai-runner": "OpenAI SDK `runTools` + zod",
};

export const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const ms = (us, digits = 3) => (us / 1000).toFixed(digits);
export const ratio = (value, base) => (base ? `${(value / base).toFixed(2)}×` : "–");

/** Runs `script` (relative to bench/) in a fresh Node process and returns its last stdout line, parsed. */
export function runNode(script, args = [], { env = {}, execArgv = [] } = {}) {
  const path = fileURLToPath(new URL(`../${script}`, import.meta.url));
  const out = execFileSync(process.execPath, [...execArgv, path, ...args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split("\n").pop());
}

/** Rotates `items` by `pass`, so no contender always runs first. */
export const rotated = (items, pass) => items.map((_, i) => items[(i + pass) % items.length]);

/** The contenders asked for (all when none), checked against `known`. */
export function pick(wanted, known) {
  for (const name of wanted)
    if (!known.includes(name)) throw new Error(`unknown contender "${name}"; expected some of ${known.join(", ")}`);
  return wanted.length > 0 ? known.filter((name) => wanted.includes(name)) : known;
}

/** A markdown table. */
export function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `| --- | ${header
      .slice(1)
      .map(() => "---:")
      .join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

export const log = (text) => process.stderr.write(`${text}\n`);
