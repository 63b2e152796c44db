import { existsSync, readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

/** A `sleep` duration no other process on the machine is likely to run: its argv marks the test's processes. */
export function markerSeconds(): string {
  return String(100_000 + Math.floor(Math.random() * 900_000));
}

/**
 * The ids of live (not zombie) processes whose argv is exactly `argv` (Linux: read from /proc).
 * Empty where there is no /proc.
 */
export function liveProcesses(argv: readonly string[]): number[] {
  if (!existsSync("/proc/self/stat")) return [];
  const wanted = `${argv.join("\0")}\0`;
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8") !== wanted) continue;
      const state = readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /s, "")[0];
      if (state !== "Z" && state !== "X") found.push(Number(entry));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

/**
 * Waits until `check()` holds, looking every 20 ms; fails after `limitMs` (generous: this waits
 * for something that must happen, on a machine that may be slow).
 */
export async function eventually(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  for (const until = Date.now() + limitMs; !check(); await delay(20))
    if (Date.now() > until) throw new Error(`${what}: still not so after ${limitMs} ms`);
}
