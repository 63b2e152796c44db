import type { CliIO, Command } from "./command.js";
import { commands as defaultCommands } from "./commands.js";

/** Usage of `tooltype` itself. */
function usage(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    "Usage: tooltype <command> [options]",
    "",
    "Commands:",
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    "Run `tooltype <command> --help` for a command's options.",
  ].join("\n");
}

/** Runs `tooltype <args>`: dispatches to the subcommand; resolves to the exit code. */
export async function runCli(
  args: readonly string[],
  io: CliIO,
  commands: readonly Command[] = defaultCommands,
): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(usage(commands));
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`tooltype: unknown command "${name}"`);
    io.err(usage(commands));
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    io.err(`tooltype ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
