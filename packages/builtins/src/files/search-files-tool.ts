import { join } from "node:path";
import picomatch from "picomatch";
import { defineTool, type Tool } from "@tooltype/core";
import { answerRefusals, Refusal } from "../refusal.js";
import type { ConfinedRoot } from "./confined-root.js";
import { readDirectory } from "./directory-entries.js";
import type { FilesLimits } from "./files-options.js";

interface SearchArgs {
  pattern: string;
  path?: string;
}

/**
 * `files_search`: paths under a directory matching a glob (picomatch syntax), walked without
 * following symbolic links, bounded both in matches and in entries looked at.
 */
export function searchFilesTool(root: ConfinedRoot, limits: FilesLimits): Tool {
  return defineTool<SearchArgs>({
    name: "files_search",
    description:
      'Find files under the root whose path matches a glob, e.g. "**/*.ts" or "docs/*.md". ' +
      `Returns at most ${limits.maxResults} paths, relative to the root. Symbolic links are not followed.`,
    schema: {
      type: "object",
      properties: {
        pattern: { type: "string", minLength: 1, description: 'a glob relative to path, e.g. "**/*.md"' },
        path: { type: "string", description: 'the directory to search, relative to the root (default ".")' },
      },
      required: ["pattern"],
      additionalProperties: false,
    },
    impl: (args) =>
      answerRefusals(async () => {
        if (args.pattern.includes("\0")) throw new Refusal("The pattern holds a NUL byte.");
        const matches = picomatch(args.pattern, { dot: false });
        const start = args.path ?? ".";
        const found: string[] = [];
        const queue: string[] = [""]; // paths relative to `start`
        let visited = 0;
        let stoppedEarly = false;
        while (queue.length > 0 && !stoppedEarly) {
          const dir = queue.shift()!;
          const listing = await readDirectory(root, dir === "" ? start : join(start, dir), limits.maxVisited);
          for (const entry of listing.entries) {
            visited += 1;
            const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
            if (entry.type !== "directory" && matches(rel)) found.push(root.show(join(listing.real, entry.name)));
            if (entry.type === "directory") queue.push(rel);
            if (found.length >= limits.maxResults || visited >= limits.maxVisited) {
              stoppedEarly = true;
              break;
            }
          }
        }
        return stoppedEarly || queue.length > 0
          ? { pattern: args.pattern, matches: found, truncated: true }
          : { pattern: args.pattern, matches: found };
      }),
  });
}
