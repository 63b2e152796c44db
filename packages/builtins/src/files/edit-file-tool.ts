import { defineTool, type Tool, type ToolCallContext } from "@tooltype/core";
import { CallDeadline, toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals, Refusal } from "../refusal.js";
import { writeAtomically } from "./atomic-write.js";
import type { ConfinedRoot } from "./confined-root.js";
import type { FilesLimits } from "./files-options.js";
import { looksBinary, readRange } from "./read-text.js";

interface EditArgs {
  path: string;
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}

/**
 * `files_edit`: replaces exact text in a file under the root, atomically (only with `write: true`).
 * The text must occur exactly once unless `replaceAll`, so an edit never lands somewhere unmeant.
 */
export function editFileTool(root: ConfinedRoot, limits: FilesLimits): Tool {
  return defineTool<EditArgs>({
    name: "files_edit",
    description:
      "Replace exact text in a text file under the root. oldText must occur exactly once " +
      "(include surrounding lines to make it unique) unless replaceAll is true.",
    schema: {
      type: "object",
      properties: {
        path: { type: "string", description: "relative to the root" },
        oldText: { type: "string", minLength: 1, description: "the exact text to replace, as it is in the file" },
        newText: { type: "string", description: "the text to put in its place" },
        replaceAll: { type: "boolean", description: "replace every occurrence (default false)" },
      },
      required: ["path", "oldText", "newText"],
      additionalProperties: false,
    },
    timeoutMs: toolTimeoutMs(limits.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(async () => {
        const deadline = new CallDeadline(
          context.signal,
          limits.timeoutMs,
          () =>
            `Editing "${args.path}" was stopped after ${limits.timeoutMs} ms (the time limit); nothing was changed.`,
        );
        const before = await readWhole(root, args.path, limits.maxWriteBytes, deadline);
        const count = before.split(args.oldText).length - 1;
        if (count === 0)
          throw new Refusal(`oldText does not occur in "${args.path}"; read the file and copy the text exactly.`);
        if (count > 1 && args.replaceAll !== true)
          throw new Refusal(
            `oldText occurs ${count} times in "${args.path}"; include more surrounding text to make it unique, or set replaceAll.`,
          );
        const after = before.split(args.oldText).join(args.newText);
        const bytes = Buffer.from(after, "utf8");
        if (bytes.length > limits.maxWriteBytes)
          throw new Refusal(
            `The edited file would be ${bytes.length} bytes, over the ${limits.maxWriteBytes}-byte write limit.`,
          );
        await writeAtomically(root, args.path, bytes, deadline);
        return { path: args.path, replaced: count, bytes: bytes.length };
      }),
  });
}

async function readWhole(root: ConfinedRoot, path: string, limit: number, deadline: CallDeadline): Promise<string> {
  const { handle, stats } = await root.openForReading(path, "file");
  try {
    if (stats.size > limit) throw new Refusal(`"${path}" is ${stats.size} bytes, over the ${limit}-byte edit limit.`);
    const bytes = await readRange(handle, 0, limit + 1, deadline);
    if (bytes.length > limit) throw new Refusal(`"${path}" grew past the ${limit}-byte edit limit while being read.`);
    if (looksBinary(bytes)) throw new Refusal(`"${path}" looks binary (it holds NUL bytes); only text is edited.`);
    return bytes.toString("utf8");
  } finally {
    await handle.close();
  }
}
