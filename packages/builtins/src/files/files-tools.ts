import type { Tool } from "@tooltype/core";
import { ConfinedRoot } from "./confined-root.js";
import { editFileTool } from "./edit-file-tool.js";
import { filesLimits, type FilesOptions } from "./files-options.js";
import { listDirectoryTool } from "./list-directory-tool.js";
import { readFileTool } from "./read-file-tool.js";
import { searchFilesTool } from "./search-files-tool.js";
import { writeFileTool } from "./write-file-tool.js";

/** The file tools for `options`: read, list and search; write and edit too with `write: true`. */
export function filesTools(options: FilesOptions): Tool[] {
  const root = new ConfinedRoot(options.root);
  const limits = filesLimits(options);
  const tools = [readFileTool(root, limits), listDirectoryTool(root, limits), searchFilesTool(root, limits)];
  if (options.write === true) tools.push(writeFileTool(root, limits), editFileTool(root, limits));
  return tools;
}
