import type { StrictSchemaResult } from "../../schema/strict-schema.js";
import type { Tool } from "../../tools/tool.js";
import { toolParameters } from "../tool-parameters.js";
import type { OpenAIWireTool } from "./wire.js";

/** The `tools` array of a request, serialised, and what the reply parser needs to know about it. */
export interface ToolsPayload {
  /** The `tools` array as UTF-8 JSON, encoded once per change of the offered tools. */
  bytes: Buffer;
  /** The strict conversions of the tools sent with `strict: true`, by name (to map nulls back). */
  strict: ReadonlyMap<string, StrictSchemaResult>;
}

interface ToolEntry {
  revision: number;
  json: string;
  strict?: StrictSchemaResult;
  warning?: string;
}

// Each tool's JSON is kept until it changes, and the array's bytes while no tool in it changed
// (`npm run bench:work` checks it). Bench, A/B in one run on the loaded 2-core machine, 8 passes:
// `rounds` 1.17× the floor, 1.24× with the tools serialised every request; `short` 1.29×, 1.47×.
// One slot per strict setting, so endpoints that share a tool with different settings do not thrash.
const toolCache = new WeakMap<Tool, [ToolEntry | undefined, ToolEntry | undefined]>();
const listCache = new WeakMap<readonly Tool[], { entries: ToolEntry[]; payload: ToolsPayload }>();

function buildEntry(tool: Tool, strictDefault: boolean): ToolEntry {
  const entry: ToolEntry = { revision: tool.revision, json: "" };
  if (tool.custom) {
    const wire: OpenAIWireTool = { type: "custom", custom: { name: tool.name, description: tool.description } };
    entry.json = JSON.stringify(wire);
    return entry;
  }
  const { parameters, strict, warning } = toolParameters(tool, strictDefault);
  const wire: OpenAIWireTool = {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters },
  };
  if (strict !== undefined) {
    wire.function.strict = true;
    entry.strict = strict;
  }
  if (warning !== undefined) entry.warning = warning;
  entry.json = JSON.stringify(wire);
  return entry;
}

/**
 * Serialises the tools offered in one request (OpenAI function and custom tools), reusing the
 * JSON of each tool until its `revision` or the model's `strict` setting changes, and the whole
 * array's text while no tool in it changed. `onWarning` hears once per tool revision when a tool
 * asked to be strict falls back to a non-strict schema.
 */
export function openAIToolsPayload(
  tools: readonly Tool[],
  strictDefault: boolean,
  onWarning?: (message: string, tool: Tool) => void,
): ToolsPayload {
  const entries = tools.map((tool) => {
    let slots = toolCache.get(tool);
    if (slots === undefined) toolCache.set(tool, (slots = [undefined, undefined]));
    const slot = strictDefault ? 1 : 0;
    let entry = slots[slot];
    if (entry === undefined || entry.revision !== tool.revision) {
      entry = slots[slot] = buildEntry(tool, strictDefault);
      if (entry.warning !== undefined) onWarning?.(entry.warning, tool);
    }
    return entry;
  });
  const cached = listCache.get(tools);
  if (cached && cached.entries.length === entries.length && cached.entries.every((entry, i) => entry === entries[i]))
    return cached.payload;
  const strict = new Map<string, StrictSchemaResult>();
  tools.forEach((tool, i) => {
    const s = entries[i]!.strict;
    if (s) strict.set(tool.name, s);
  });
  const payload: ToolsPayload = { bytes: Buffer.from(`[${entries.map((e) => e.json).join(",")}]`), strict };
  listCache.set(tools, { entries, payload });
  return payload;
}
