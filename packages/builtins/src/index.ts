// Public API of @tooltype/builtins: files, HTTP, shell and time tools, off unless configured.
export { builtins } from "./builtins.js";
export type { BuiltinsOptions } from "./builtins.js";
export type { FilesOptions } from "./files/files-options.js";
export type { HttpOptions } from "./http/http-options.js";
export type { FetchedResponse } from "./http/allowed-fetch.js";
export type { ShellOptions } from "./shell/shell-options.js";
export type { CommandResult } from "./shell/run-command.js";
export type { TimeOptions, ZonedTime } from "./time/time-tool.js";
