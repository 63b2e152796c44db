import { lstat } from "node:fs/promises";
import { defineTool, type Tool, type ToolCallContext } from "@tooltype/core";
import { assertKind, type ConfinedRoot } from "../files/confined-root.js";
import { toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals, Refusal } from "../refusal.js";
import { findProgram } from "./find-program.js";
import { runCommand } from "./run-command.js";
import { scrubbedEnv } from "./scrubbed-env.js";
import type { ShellSettings } from "./shell-options.js";

interface ShellArgs {
  argv: string[];
  cwd?: string;
  stdin?: string;
}

/**
 * `shell_run`: runs one allowed program with an argv array (never through a shell), in a
 * directory inside the root, with a scrubbed environment and time and output bounds.
 */
export function shellTool(root: ConfinedRoot, settings: ShellSettings): Tool {
  const allowed = [...settings.commands].join(", ");
  return defineTool<ShellArgs>({
    name: "shell_run",
    description:
      `Run a program with arguments (an argv array, not a shell command line: no pipes, redirects or variables). ` +
      `Allowed programs: ${allowed}. Returns the exit code, stdout and stderr.`,
    schema: {
      type: "object",
      properties: {
        argv: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          description: 'the program and its arguments, e.g. ["git", "status", "--short"]',
        },
        cwd: { type: "string", description: 'the working directory, relative to the root (default ".")' },
        stdin: { type: "string", description: "text written to the program's standard input" },
      },
      required: ["argv"],
      additionalProperties: false,
    },
    timeoutMs: toolTimeoutMs(settings.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(async () => {
        const command = args.argv[0]!;
        if (!settings.commands.has(command))
          throw new Refusal(
            `"${command}" is not an allowed program; allowed: ${allowed}. Put arguments in separate argv items.`,
          );
        if (args.argv.some((word) => word.includes("\0"))) throw new Refusal("An argument holds a NUL byte.");
        const cwdShown = args.cwd ?? ".";
        const cwd = await root.realInside(root.resolve(cwdShown), cwdShown);
        assertKind(await lstat(cwd), "directory", cwdShown);
        const env = scrubbedEnv(settings.inheritEnv, settings.env);
        const program = await findProgram(command, env.PATH);
        if (program === undefined)
          throw new Refusal(`"${command}" is allowed but not installed here (not found in PATH).`);
        return runCommand({
          program,
          argv: args.argv,
          cwd,
          env,
          stdin: args.stdin,
          timeoutMs: settings.timeoutMs,
          maxOutputBytes: settings.maxOutputBytes,
          signal: context.signal,
        });
      }),
  });
}
