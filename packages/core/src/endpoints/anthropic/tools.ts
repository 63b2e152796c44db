import type { JSONObject } from "../../json.js";
import { portableSchema } from "../../schema/portable-schema.js";
import type { Tool } from "../../tools/tool.js";
import type { ModelConfig, ToolChoice } from "../model-config.js";
import type { AnthropicWireTool, AnthropicWireToolChoice } from "./wire.js";

/**
 * The Messages API has no free-text tools: a custom tool is offered with one string property,
 * and its calls are read back as custom calls whose raw input is that string.
 */
export const customToolInputKey = "input";

function inputSchemaOf(tool: Tool): JSONObject {
  if (tool.custom) {
    const description = "The tool's input, as free text.";
    return {
      type: "object",
      properties: { [customToolInputKey]: { type: "string", description } },
      required: [customToolInputKey],
      additionalProperties: false,
    };
  }
  const schema = tool.schema;
  // `input_schema` must be an object schema; a boolean schema (`true`: anything) becomes the open one.
  return typeof schema === "object" && schema !== null ? (portableSchema(schema) as JSONObject) : { type: "object" };
}

/** One tool as `{ name, description, input_schema }` (an empty description is left out). */
export function anthropicTool(tool: Tool): AnthropicWireTool {
  const wire: AnthropicWireTool = { name: tool.name, input_schema: inputSchemaOf(tool) };
  if (tool.description !== "") wire.description = tool.description;
  return wire;
}

/**
 * A definition for a tool the history used but this request does not offer: the API refuses
 * `tool_use` blocks without a definition of their tool. The registry's own tool when it has one.
 */
export function placeholderTool(name: string, registered: Tool | undefined): AnthropicWireTool {
  if (registered !== undefined) return anthropicTool(registered);
  return { name, description: "Not available in this request.", input_schema: { type: "object" } };
}

/**
 * `tool_choice` for a request that offers tools: `auto` → `{ type: "auto" }`, `required` →
 * `{ type: "any" }`, `{ name }` → `{ type: "tool", name }`, `none` → `{ type: "none" }`;
 * `parallelToolCalls: false` adds `disable_parallel_tool_use: true` (to `auto` when no choice is
 * set). Undefined when there is nothing to say.
 */
export function anthropicToolChoice(
  choice: ToolChoice | undefined,
  config: ModelConfig,
): AnthropicWireToolChoice | undefined {
  if (choice === "none") return { type: "none" };
  const single = config.parallelToolCalls === false;
  let wire: AnthropicWireToolChoice;
  if (choice === undefined) {
    if (!single) return undefined;
    wire = { type: "auto" };
  } else if (choice === "auto") wire = { type: "auto" };
  else if (choice === "required") wire = { type: "any" };
  else wire = { type: "tool", name: choice.name };
  if (single) wire.disable_parallel_tool_use = true;
  return wire;
}
