import type { JSONSchema, Tool } from "@tooltype/core";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";

/** An MCP input or output schema: a JSON Schema object whose root `type` is `"object"`, as MCP requires. */
export type McpObjectSchema = McpTool["inputSchema"];

/** The argument a free-text (custom) tool's text travels in over MCP, whose inputs are always objects. */
export const CUSTOM_INPUT_PROPERTY = "input";

/** True when `schema` describes objects (root `type: "object"`), so MCP accepts it as an `outputSchema`. */
export function isObjectSchema(schema: JSONSchema | undefined): schema is { [keyword: string]: unknown } {
  return typeof schema === "object" && schema !== null && schema["type"] === "object";
}

// MCP's schema type wants every `properties` entry to be an object; JSON Schema also allows
// `true`/`false` there, which mean "anything" and "nothing".
function objectProperties(properties: unknown): Record<string, object> | undefined {
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return undefined;
  const result: Record<string, object> = {};
  for (const [key, value] of Object.entries(properties)) {
    const schema = value === true ? {} : value === false ? { not: {} } : value;
    Object.defineProperty(result, key, { value: schema, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** `schema` shaped as an MCP object schema: `type: "object"` at the root, object-valued properties. */
export function toMcpObjectSchema(schema: JSONSchema): McpObjectSchema {
  if (typeof schema !== "object" || schema === null) return { type: "object" };
  const properties = objectProperties(schema["properties"]);
  return { ...schema, type: "object", ...(properties !== undefined ? { properties } : {}) };
}

/** The input schema a tool is offered with: its own, or for a free-text tool one string property. */
export function mcpInputSchema(tool: Tool): McpObjectSchema {
  if (tool.custom) {
    return {
      type: "object",
      properties: { [CUSTOM_INPUT_PROPERTY]: { type: "string", description: "The tool's free-text input." } },
      required: [CUSTOM_INPUT_PROPERTY],
      additionalProperties: false,
    };
  }
  return toMcpObjectSchema(tool.schema);
}

/** How a registry tool is listed over MCP: `outputSchema` only when its `returns` is an object schema. */
export function toMcpTool(tool: Tool): McpTool {
  const listed: McpTool = { name: tool.name, description: tool.description, inputSchema: mcpInputSchema(tool) };
  if (isObjectSchema(tool.returns)) listed.outputSchema = toMcpObjectSchema(tool.returns);
  return listed;
}
