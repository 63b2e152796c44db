import { isPlainObject } from "../../json.js";
import type { StrictSchemaResult } from "../../schema/strict-schema.js";
import type { Tool } from "../../tools/tool.js";
import type { ToolChoice } from "../model-config.js";
import { toolParameters } from "../tool-parameters.js";
import type { CustomToolGrammar, ResponsesModelConfig } from "./responses-config.js";
import type {
  ResponsesWireCustomTool,
  ResponsesWireFunctionTool,
  ResponsesWireTool,
  ResponsesWireToolChoice,
} from "./wire.js";

/** The `tools` of a request and what the reply parser needs to know about them. */
export interface ResponsesTools {
  /** The registry's tools (function and custom), then the configured server tools. */
  tools: ResponsesWireTool[];
  /** The strict conversions of the tools sent with `strict: true`, by name (to map nulls back). */
  strict: ReadonlyMap<string, StrictSchemaResult>;
}

interface Entry {
  revision: number;
  wire: ResponsesWireFunctionTool;
  strict?: StrictSchemaResult;
}

// One slot per strict setting, so endpoints that share a tool with different settings do not thrash.
const cache = new WeakMap<Tool, [Entry | undefined, Entry | undefined]>();

function functionEntry(tool: Tool, strictDefault: boolean, onWarning?: (message: string) => void): Entry {
  let slots = cache.get(tool);
  if (slots === undefined) cache.set(tool, (slots = [undefined, undefined]));
  const slot = strictDefault ? 1 : 0;
  const cached = slots[slot];
  if (cached !== undefined && cached.revision === tool.revision) return cached;
  const { parameters, strict, warning } = toolParameters(tool, strictDefault);
  const wire: ResponsesWireFunctionTool = {
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters,
    strict: strict !== undefined,
  };
  const entry: Entry = { revision: tool.revision, wire, ...(strict ? { strict } : {}) };
  if (warning !== undefined) onWarning?.(warning); // once per tool revision: the entry is kept
  return (slots[slot] = entry);
}

/**
 * A custom tool's grammar: the configured one, else its schema's `pattern` (a free-text tool whose
 * schema is `{ type: "string", pattern }`) as a regular expression.
 */
function grammarOf(tool: Tool, grammars: Record<string, CustomToolGrammar> | undefined): CustomToolGrammar | undefined {
  const configured = grammars !== undefined && Object.hasOwn(grammars, tool.name) ? grammars[tool.name] : undefined;
  if (configured !== undefined) return configured;
  const schema = tool.schema;
  return isPlainObject(schema) && schema.type === "string" && typeof schema.pattern === "string"
    ? { syntax: "regex", definition: schema.pattern }
    : undefined;
}

function customTool(tool: Tool, grammars: Record<string, CustomToolGrammar> | undefined): ResponsesWireCustomTool {
  const wire: ResponsesWireCustomTool = { type: "custom", name: tool.name, description: tool.description };
  const grammar = grammarOf(tool, grammars);
  if (grammar !== undefined) wire.format = { type: "grammar", syntax: grammar.syntax, definition: grammar.definition };
  return wire;
}

/**
 * The tools of one request: each function tool with its parameters (strict-converted when the
 * tool or `config.strict` asks and the schema allows, else with `strict: false` and, once per tool
 * revision, a warning), each custom tool with its grammar, then `config.serverTools` as given.
 */
export function responsesTools(
  tools: readonly Tool[],
  config: ResponsesModelConfig,
  onWarning?: (message: string) => void,
): ResponsesTools {
  const strict = new Map<string, StrictSchemaResult>();
  const wire: ResponsesWireTool[] = [];
  for (const tool of tools) {
    if (tool.custom) {
      wire.push(customTool(tool, config.grammars));
      continue;
    }
    const entry = functionEntry(tool, config.strict === true, onWarning);
    wire.push(entry.wire);
    if (entry.strict !== undefined) strict.set(tool.name, entry.strict);
  }
  for (const serverTool of config.serverTools ?? []) wire.push(serverTool);
  return { tools: wire, strict };
}

/**
 * `tool_choice`: `auto`, `none` and `required` as they are; a name as `{ type: "function", name }`,
 * or `{ type: "custom", name }` for a custom tool.
 */
export function responsesToolChoice(choice: ToolChoice, tools: readonly Tool[]): ResponsesWireToolChoice {
  if (typeof choice === "string") return choice;
  const custom = tools.some((tool) => tool.name === choice.name && tool.custom);
  return { type: custom ? "custom" : "function", name: choice.name };
}
