import { positiveLimit } from "../positive-limit.js";

/** Configuration of the shell tool (`builtins({ shell })`); without it there is no shell tool. */
export interface ShellOptions {
  /**
   * The programs the model may run, by name (looked up in the scrubbed `PATH`) or absolute path,
   * e.g. `["git", "ls", "/usr/bin/wc"]`. argv[0] must be one of them exactly. An interpreter
   * (`sh`, `bash`, `node`, `python`, `env`, …) here lets the model run anything at all.
   */
  commands: readonly string[];
  /**
   * The directory commands run in, and the boundary for the `cwd` the model may ask for.
   * Defaults to `files.root`; one of the two is required.
   */
  root?: string;
  /** Most milliseconds a command may run before its process group is killed (default 30 000). */
  timeoutMs?: number;
  /** Most bytes kept of stdout and of stderr each (default 64 KiB); past that the command is stopped. */
  maxOutputBytes?: number;
  /** Names of variables passed on from this process's environment (default `["PATH"]`); nothing else is inherited. */
  inheritEnv?: readonly string[];
  /** Variables set for every command, on top of the inherited ones (e.g. `{ LANG: "C.UTF-8" }`). */
  env?: Readonly<Record<string, string>>;
}

/** `ShellOptions` checked, with defaults applied. */
export interface ShellSettings {
  commands: ReadonlySet<string>;
  timeoutMs: number;
  maxOutputBytes: number;
  inheritEnv: readonly string[];
  env: Readonly<Record<string, string>>;
}

/** The settings of `options`, checked (a command with a shell metacharacter or a relative path throws). */
export function shellSettings(options: ShellOptions): ShellSettings {
  if (!Array.isArray(options.commands) || options.commands.length === 0)
    throw new TypeError('builtins: shell.commands lists the programs the model may run, e.g. ["git", "ls"].');
  for (const command of options.commands) {
    const bare = /^[A-Za-z0-9._+-]+$/.test(command);
    const absolute = command.startsWith("/") && !command.includes("\0");
    if (!bare && !absolute)
      throw new TypeError(`builtins: shell command "${command}" must be a program name or an absolute path.`);
  }
  return {
    commands: new Set(options.commands),
    timeoutMs: positiveLimit(options.timeoutMs, 30_000, "shell.timeoutMs"),
    maxOutputBytes: positiveLimit(options.maxOutputBytes, 64 * 1024, "shell.maxOutputBytes"),
    inheritEnv: options.inheritEnv ?? ["PATH"],
    env: { ...(options.env ?? {}) },
  };
}
