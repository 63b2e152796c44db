import { defineTool, type Tool } from "@tooltype/core";
import { toolTimeoutMs } from "../call-deadline.js";
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
    impl: (args) =>
      answerRefusals(async () => {
        const path = args.path ?? ".";
        // One bounded listing: the tool's timeout (files.timeoutMs and a second) is its time bound.
        const { entries, more } = await readDirectory(root, path, limits.maxResults);
        return more ? { path, entries, truncated: true } : { path, entries };
      }),
  });
}
