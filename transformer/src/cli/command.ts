/** Where a command writes: injectable so tests run commands in-process. */
export interface CliIO {
  /** Writes one line of normal output. */
  out(line: string): void;
  /** Writes one line of diagnostics or errors. */
  err(line: string): void;
  /** Directory relative paths are read against. */
  cwd: string;
}

/** One `tooltype <name>` subcommand. */
export interface Command {
  /** The word after `tooltype`. */
  name: string;
  /** One line for `tooltype --help`. */
  summary: string;
  /** Usage text for `tooltype <name> --help`. */
  usage: string;
  /** Runs the command; resolves to the process exit code (0 ok, 1 diagnostics, 2 usage). */
  run(args: readonly string[], io: CliIO): Promise<number>;
}
