import { watch, type FSWatcher } from "node:fs";
import { dirname, resolve } from "node:path";
import { writeSidecar, type GenerateOptions, type GenerateResult } from "./generate.js";

/** A running `tooltype generate --watch`. */
export interface SidecarWatcher {
  /** Stops watching. */
  close(): void;
}

const sourceFile = /\.(c|m)?tsx?$|(^|[\\/])tsconfig[^\\/]*\.json$/;

/**
 * Generates the sidecar now and again after every change to a TypeScript file or tsconfig under
 * the project's directory (node_modules and the sidecar itself excepted), debounced by `delayMs`.
 * Each outcome (or the error that stopped one) goes to `report`. The project is read afresh each
 * time: simple, and a few hundred milliseconds is fine at the pace of saving files.
 */
export function watchSidecar(
  options: GenerateOptions,
  report: (outcome: GenerateResult | Error) => void,
  delayMs = 100,
): SidecarWatcher {
  const outFile = resolve(options.outFile);
  let timer: NodeJS.Timeout | undefined;
  const run = (): void => {
    timer = undefined;
    try {
      report(writeSidecar(options));
    } catch (error) {
      report(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const watcher: FSWatcher = watch(dirname(resolve(options.project)), { recursive: true }, (_event, name) => {
    if (name === null) return;
    const file = resolve(dirname(resolve(options.project)), name.toString());
    if (file === outFile || /[\\/]node_modules[\\/]/.test(file) || !sourceFile.test(file)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  });
  run();
  return {
    close() {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
