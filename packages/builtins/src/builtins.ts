import type { Tool } from "@tooltype/core";
import { ConfinedRoot } from "./files/confined-root.js";
import { filesTools } from "./files/files-tools.js";
import type { FilesOptions } from "./files/files-options.js";
import { httpTools } from "./http/http-tools.js";
import type { HttpOptions } from "./http/http-options.js";
import { shellSettings, type ShellOptions } from "./shell/shell-options.js";
import { shellTool } from "./shell/shell-tool.js";
import { timeTool, type TimeOptions } from "./time/time-tool.js";

/** Which builtins to offer; each is off unless given. */
export interface BuiltinsOptions {
  /** `files_read`, `files_list`, `files_search`; `files_write` and `files_edit` with `write: true`. */
  files?: FilesOptions;
  /** `http_get`; `http_post` with `post: true`. */
  http?: HttpOptions;
  /** `shell_run`. */
  shell?: ShellOptions;
  /** `time_now` (`true` for the defaults). */
  time?: TimeOptions | boolean;
}

/**
 * The builtin tools `options` turns on, ready for `registry.add(tool)`. Nothing is on unless
 * configured, and adding a tool does not allow it: the context's policy still decides every call
 * (names are prefixed by family, so `policy.allow("files_*")` works). A bad configuration throws
 * a `TypeError` (a `RangeError` for a number out of range) here, at setup; every refusal at run time is
 * an error result for the model.
 */
export function builtins(options: BuiltinsOptions): Tool[] {
  const tools: Tool[] = [];
  if (options.files !== undefined) tools.push(...filesTools(options.files));
  if (options.http !== undefined) tools.push(...httpTools(options.http));
  if (options.shell !== undefined) {
    const root = options.shell.root ?? options.files?.root;
    if (root === undefined)
      throw new TypeError("builtins: the shell needs a working directory: set shell.root or files.root.");
    tools.push(shellTool(new ConfinedRoot(root), shellSettings(options.shell)));
  }
  if (options.time !== undefined && options.time !== false)
    tools.push(timeTool(options.time === true ? {} : options.time));
  return tools;
}
