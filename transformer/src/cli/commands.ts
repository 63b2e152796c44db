import { buildCommand } from "./commands/build.js";
import { generateCommand } from "./generate-command.js";
import { inspectCommand } from "./inspect-command.js";
import type { Command } from "./command.js";

/**
 * The subcommands of `tooltype`: `build` (./commands/build.ts, with its watch mode beside it),
 * `generate` (./generate-command.ts) and `inspect` (./inspect-command.ts). Add a command by
 * writing its file and listing it here.
 */
export const commands: readonly Command[] = [buildCommand, generateCommand, inspectCommand];
