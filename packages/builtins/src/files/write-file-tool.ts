import { defineTool, type Tool, type ToolCallContext } from "@tooltype/core";
import { CallDeadline, toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals, Refusal } from "../refusal.js";
import { writeAtomically } from "./atomic-write.js";
import type { ConfinedRoot } from "./confined-root.js";
import type { FilesLimits } from "./files-options.js";

/** `files_write`: creates or replaces a text file under the root, atomically (only with `write: true`). */
export function writeFileTool(root: ConfinedRoot, limits: FilesLimits): Tool {
  return defineTool<{ path: string; content: string }>({
    name: "files_write",
    description:
      "Create or replace a text file under the root with the given content (missing directories are created). " +
      `At most ${limits.maxWriteBytes} bytes.`,
    schema: {
      type: "object",
      properties: {
        path: { type: "string", description: 'relative to the root, e.g. "notes/todo.md"' },
        content: { type: "string", description: "the whole new content of the file" },
      },
      required: ["path", "content"],
      additionalProperties: false,
    },
    timeoutMs: toolTimeoutMs(limits.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(async () => {
        const bytes = Buffer.from(args.content, "utf8");
        if (bytes.length > limits.maxWriteBytes)
          throw new Refusal(`The content is ${bytes.length} bytes, over the ${limits.maxWriteBytes}-byte write limit.`);
        const deadline = new CallDeadline(
          context.signal,
          limits.timeoutMs,
          () =>
            `Writing "${args.path}" was stopped after ${limits.timeoutMs} ms (the time limit); nothing was written.`,
        );
        const { created } = await writeAtomically(root, args.path, bytes, deadline);
        return { path: args.path, bytes: bytes.length, created };
      }),
  });
}
