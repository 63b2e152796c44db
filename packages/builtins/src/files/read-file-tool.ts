import { defineTool, type Tool, type ToolCallContext } from "@tooltype/core";
import { CallDeadline, toolTimeoutMs } from "../call-deadline.js";
import { answerRefusals, Refusal } from "../refusal.js";
import type { ConfinedRoot } from "./confined-root.js";
import type { FilesLimits } from "./files-options.js";
import { looksBinary, readRange } from "./read-text.js";

interface ReadArgs {
  path: string;
  offset?: number;
  length?: number;
}

/** `files_read`: a text file's content, whole or a byte range, never more than `maxReadBytes`. */
export function readFileTool(root: ConfinedRoot, limits: FilesLimits): Tool {
  return defineTool<ReadArgs>({
    name: "files_read",
    description:
      `Read a text file under the root. Paths are relative to the root. Files over ${limits.maxReadBytes} bytes ` +
      "are read in parts: pass offset and length (bytes).",
    schema: {
      type: "object",
      properties: {
        path: { type: "string", description: 'relative to the root, e.g. "src/index.ts"' },
        offset: { type: "integer", minimum: 0, description: "first byte to read (default 0)" },
        length: { type: "integer", minimum: 1, description: `bytes to read (at most ${limits.maxReadBytes})` },
      },
      required: ["path"],
      additionalProperties: false,
    },
    timeoutMs: toolTimeoutMs(limits.timeoutMs),
    impl: (args, context: ToolCallContext) =>
      answerRefusals(async () => {
        const deadline = new CallDeadline(
          context.signal,
          limits.timeoutMs,
          () => `Reading "${args.path}" was stopped after ${limits.timeoutMs} ms (the time limit); try again.`,
        );
        const offset = args.offset ?? 0;
        if (args.length !== undefined && args.length > limits.maxReadBytes)
          throw new Refusal(`length ${args.length} is over the ${limits.maxReadBytes}-byte read limit; read in parts.`);
        const { handle, stats } = await root.openForReading(args.path, "file");
        try {
          const wanted = args.length ?? Math.max(0, stats.size - offset);
          if (wanted > limits.maxReadBytes)
            throw new Refusal(
              `"${args.path}" is ${stats.size} bytes, over the ${limits.maxReadBytes}-byte read limit: ` +
                `read it in parts with offset and length (at most ${limits.maxReadBytes} bytes each).`,
            );
          deadline.check();
          const bytes = await readRange(handle, offset, wanted, deadline);
          if (looksBinary(bytes))
            throw new Refusal(`"${args.path}" looks binary (it holds NUL bytes); only text is read.`);
          return {
            path: args.path,
            size: stats.size,
            offset,
            bytes: bytes.length,
            end: offset + bytes.length >= stats.size,
            content: bytes.toString("utf8"),
          };
        } finally {
          await handle.close();
        }
      }),
  });
}
