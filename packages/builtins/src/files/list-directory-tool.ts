import { defineTool, type Tool, type ToolCallContext } from "@tooltype/core";
import { CallDeadline, toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals } from "../refusal.js";
import type { ConfinedRoot } from "./confined-root.js";
import { readDirectory } from "./directory-entries.js";
import type { FilesLimits } from "./files-options.js";

/** `files_list`: the entries of one directory under the root (name, type, size), bounded. */
export function listDirectoryTool(root: ConfinedRoot, limits: FilesLimits): Tool {
  return defineTool<{ path?: string }>({
    name: "files_list",
    description: `List a directory under the root: each entry's name, type and size (at most ${limits.maxResults} entries).`,
    schema: {
      type: "object",
      properties: { path: { type: "string", description: 'relative to the root; "." (default) is the root itself' } },
      additionalProperties: false,
    },
    timeoutMs: toolTimeoutMs(limits.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(async () => {
        const path = args.path ?? ".";
        const deadline = new CallDeadline(
          context.signal,
          limits.timeoutMs,
          () => `Listing "${path}" was stopped after ${limits.timeoutMs} ms (the time limit); try again.`,
        );
        const { entries, more } = await readDirectory(root, path, limits.maxResults);
        deadline.check();
        return more ? { path, entries, truncated: true } : { path, entries };
      }),
  });
}
