import { Worker } from "node:worker_threads";

// Runs in a thread of its own so the swaps interleave with the tool's file-system calls for real.
const swapLoop = `
const { workerData, parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const { target, variants } = workerData;
const stop = new Int32Array(workerData.stop);
let i = 0;
parentPort.postMessage("started");
while (Atomics.load(stop, 0) === 0) {
  const v = variants[i % variants.length];
  const next = target + ".next" + (i++);
  try {
    if (v.kind === "link") fs.symlinkSync(v.to, next);
    else if (v.kind === "dir") fs.mkdirSync(next);
    else fs.writeFileSync(next, v.content);
    try {
      fs.renameSync(next, target);
    } catch {
      // A link cannot be renamed over a directory (nor the reverse): remove it first (never following a link).
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(next, target);
    }
  } catch {}
  // Hold each state a moment, so each is seen about as often whatever it costs to make.
  const until = process.hrtime.bigint() + 50000n;
  while (process.hrtime.bigint() < until);
}
`;

/** One thing `target` may be replaced by: a symbolic link to `to`, a regular file holding `content`, an empty directory. */
export type SwapVariant = { kind: "link"; to: string } | { kind: "file"; content: string } | { kind: "dir" };

/**
 * Replaces `target` (by rename; a directory and a link by remove and rename) with each variant in turn, as fast as a thread can,
 * until the returned `stop()` is awaited: the attacker of a check-then-use race.
 */
export async function startSwapping(target: string, variants: SwapVariant[]): Promise<{ stop: () => Promise<void> }> {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(swapLoop, { eval: true, workerData: { target, variants, stop } });
  await new Promise((resolve) => worker.once("message", resolve));
  return {
    stop: async () => {
      Atomics.store(new Int32Array(stop), 0, 1);
      await new Promise((resolve) => worker.once("exit", resolve));
    },
  };
}
