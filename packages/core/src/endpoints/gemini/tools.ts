import type { JSONObject } from "../../json.js";
import { portableSchema } from "../../schema/portable-schema.js";
import type { Tool } from "../../tools/tool.js";
import type { ToolChoice } from "../model-config.js";
import type { GeminiWireFunctionDeclaration, GeminiWireToolConfig } from "./wire.js";

/**
 * The Gemini API has no free-text tools: a custom tool is offered with one string property, and
 * its calls are read back as custom calls whose raw input is that string.
 */
export const customToolInputKey = "input";

interface Entry {
  revision: number;
  wire: GeminiWireFunctionDeclaration;
}

// Each tool's declaration is built once per revision and reused round after round.
const cache = new WeakMap<Tool, Entry>();

function parametersOf(tool: Tool): JSONObject {
  if (tool.custom) {
    return {
      type: "object",
      properties: { [customToolInputKey]: { type: "string", description: "The tool's input, as free text." } },
      required: [customToolInputKey],
    };
  }
  const schema = tool.schema;
  // The parameters are an object schema; a boolean schema (`true`: anything) becomes the open one.
  return typeof schema === "object" && schema !== null ? (portableSchema(schema) as JSONObject) : { type: "object" };
}

/**
 * One tool as a function declaration, its schema whole in `parametersJsonSchema` (the keywords the
 * API ignores are still checked here, on every call: docs/gemini.md, "Schemas").
 */
export function geminiFunctionDeclaration(tool: Tool): GeminiWireFunctionDeclaration {
  const cached = cache.get(tool);
  if (cached !== undefined && cached.revision === tool.revision) return cached.wire;
  const wire: GeminiWireFunctionDeclaration = { name: tool.name, parametersJsonSchema: parametersOf(tool) };
  if (tool.description !== "") wire.description = tool.description;
  cache.set(tool, { revision: tool.revision, wire });
  return wire;
}

/**
 * A declaration for a tool the history used but this request does not offer (the registry's own
 * tool when it has one), so every function call in `contents` has its function declared.
 */
export function placeholderDeclaration(name: string, registered: Tool | undefined): GeminiWireFunctionDeclaration {
  if (registered !== undefined) return geminiFunctionDeclaration(registered);
  return { name, description: "Not available in this request.", parametersJsonSchema: { type: "object" } };
}

/**
 * `toolConfig` for a request that offers tools: `auto` → `AUTO`, `none` → `NONE`, `required` →
 * `ANY`, `{ name }` → `ANY` with `allowedFunctionNames: [name]`; undefined when no choice is set.
 */
export function geminiToolConfig(choice: ToolChoice | undefined): GeminiWireToolConfig | undefined {
  if (choice === undefined) return undefined;
  if (choice === "auto") return { functionCallingConfig: { mode: "AUTO" } };
  if (choice === "none") return { functionCallingConfig: { mode: "NONE" } };
  if (choice === "required") return { functionCallingConfig: { mode: "ANY" } };
  return { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [choice.name] } };
}
