import picomatch from "picomatch";
import { defineTool, type Tool, type ToolCallContext } from "@tooltype/core";
import { CallDeadline, toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals, Refusal } from "../refusal.js";
import type { ConfinedRoot } from "./confined-root.js";
import { walkDirectory } from "./directory-walk.js";
import type { FilesLimits } from "./files-options.js";
import { directoryPathOfHandle } from "./handle-real-path.js";

interface SearchArgs {
  pattern: string;
  path?: string;
}

/**
 * `files_search`: paths under a directory matching a glob (picomatch syntax), walked without
 * following symbolic links, bounded in matches, in entries looked at and in time.
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
    timeoutMs: toolTimeoutMs(limits.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(async () => {
        if (args.pattern.includes("\0")) throw new Refusal("The pattern holds a NUL byte.");
        const deadline = new CallDeadline(
          context.signal,
          limits.timeoutMs,
          () =>
            `The search was stopped after ${limits.timeoutMs} ms (the time limit); ` +
            "search a smaller directory (path) or a narrower pattern.",
        );
        const matches = picomatch(args.pattern, { dot: false });
        const opened = await root.openForReading(args.path ?? ".", "directory");
        const start = { ...opened, anchor: await directoryPathOfHandle(opened.handle, opened.real) };
        const base = root.show(start.real);
        const found: string[] = [];
        let visited = 0;
        let truncated = false;
        for await (const entry of walkDirectory(root, start, limits.maxVisited, deadline)) {
          visited += 1;
          if (entry.type !== "directory" && matches(entry.path))
            found.push(base === "." ? entry.path : `${base}/${entry.path}`);
          if (found.length >= limits.maxResults || visited >= limits.maxVisited) {
            truncated = true;
            break;
          }
        }
        return truncated
          ? { pattern: args.pattern, matches: found, truncated: true }
          : { pattern: args.pattern, matches: found };
      }),
  });
}
