import { spawn } from "node:child_process";
import { Refusal } from "../refusal.js";

/** A command to run: the resolved program, the argv the model gave, and where and how. */
export interface CommandRun {
  program: string;
  argv: readonly string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  maxOutputBytes: number;
  signal: AbortSignal;
}

/** How a command ended, as the model reads it. */
export interface CommandResult {
  /** The exit code; `null` when the command did not exit by itself (a signal, or stopped at the output limit). */
  exitCode: number | null;
  /** The signal that ended it, when one did. */
  signal?: string;
  /** What the command wrote to standard output. */
  stdout: string;
  /** What the command wrote to standard error. */
  stderr: string;
  /** Present when an output passed `maxOutputBytes`: the command was stopped and the rest dropped. */
  truncated?: true;
}

/**
 * Runs a program directly (no shell: the argv reaches it word for word, so `;`, `$(…)` or `|`
 * are plain characters), in its own process group, which is killed whole on timeout, on
 * too much output, or when `signal` aborts.
 */
export function runCommand(run: CommandRun): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(run.program, run.argv.slice(1), {
      argv0: run.argv[0],
      cwd: run.cwd,
      env: run.env,
      shell: false,
      detached: true, // its own process group, so a kill reaches everything it started
      stdio: [run.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    const output = { stdout: new Collector(run.maxOutputBytes), stderr: new Collector(run.maxOutputBytes) };
    let stopped: "timeout" | "abort" | "output" | undefined;
    const killGroup = (why: "timeout" | "abort" | "output"): void => {
      if (stopped !== undefined) return;
      stopped = why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL"); // the group is already gone; make sure of the child
      }
    };
    const onAbort = (): void => killGroup("abort");
    const timer = setTimeout(() => killGroup("timeout"), run.timeoutMs);
    run.signal.addEventListener("abort", onAbort, { once: true });
    if (run.signal.aborted) killGroup("abort");
    const finish = (): void => {
      clearTimeout(timer);
      run.signal.removeEventListener("abort", onAbort);
    };

    child.stdout!.on("data", (chunk: Buffer) => output.stdout.add(chunk) || killGroup("output"));
    child.stderr!.on("data", (chunk: Buffer) => output.stderr.add(chunk) || killGroup("output"));
    child.stdin?.on("error", () => undefined); // a program that exits without reading its input
    child.stdin?.end(run.stdin);

    child.on("error", (error: NodeJS.ErrnoException) => {
      finish();
      reject(new Refusal(`"${run.argv[0]}" could not be started: ${error.code ?? error.message}.`));
    });
    // After a kill, "exit" is enough: a descendant that left the group could hold the pipes open.
    child.on("exit", () => {
      if (stopped === undefined) return;
      child.stdout!.destroy();
      child.stderr!.destroy();
      settle(child.exitCode, child.signalCode);
    });
    child.on("close", (code: number | null, signal: NodeJS.Signals | null) => settle(code, signal));

    let settled = false;
    function settle(code: number | null, signal: NodeJS.Signals | null): void {
      if (settled) return;
      settled = true;
      finish();
      const stdout = output.stdout.text();
      const stderr = output.stderr.text();
      if (stopped === "abort") return reject(run.signal.reason);
      if (stopped === "timeout")
        return reject(
          new Refusal(
            `"${run.argv[0]}" was stopped after ${run.timeoutMs} ms (the time limit).` +
              (stdout ? `\nstdout so far:\n${stdout}` : "") +
              (stderr ? `\nstderr so far:\n${stderr}` : ""),
          ),
        );
      const result: CommandResult = { exitCode: code, stdout, stderr };
      if (signal !== null && stopped === undefined) result.signal = signal;
      if (stopped === "output") {
        result.truncated = true;
        result.exitCode = null;
      }
      resolve(result);
    }
  });
}

/** Keeps the first `limit` bytes of a stream; `add` returns false once the limit is passed. */
class Collector {
  #chunks: Buffer[] = [];
  #size = 0;
  constructor(readonly limit: number) {}

  add(chunk: Buffer): boolean {
    const room = this.limit - this.#size;
    if (room > 0) this.#chunks.push(chunk.subarray(0, room));
    this.#size += chunk.length;
    return this.#size <= this.limit;
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString("utf8");
  }
}
