import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tool } from "@tooltype/core";

/** A fresh directory under the system temp dir; `remove()` deletes it and everything in it. */
export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `tooltype-${prefix}-`));
  return { path, remove: () => removeTree(path) };
}

/** Deletes a directory tree, however deep (Node's `rmSync` recurses on the stack and overflows past ~2,000 levels). */
export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    execFileSync("rm", ["-rf", "--", path]);
  }
}

/** The tool called `name` among `tools` (fails the test when it is missing). */
export function toolNamed(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name} among ${tools.map((t) => t.name).join(", ")}`);
  return tool;
}

/** Calls a tool and parses its JSON output. */
export async function callJson(
  tool: Tool,
  args: unknown,
  signal?: AbortSignal,
  // Tests read the decoded result loosely, field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ value: any; isError: boolean }> {
  const result = await tool.call(args, { signal });
  let value: unknown;
  try {
    value = JSON.parse(result.output);
  } catch {
    value = result.output;
  }
  return { value, isError: result.isError };
}
