import { toolError, type ToolErrorValue } from "@tooltype/core";
import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";

/** What `client.callTool` resolves with (the current result shape or the 2024-10 `toolResult` one). */
export interface McpCallResult {
  /** The content blocks (text, images, resources…). */
  content?: unknown;
  /** The structured result, when the tool declares an output schema. */
  structuredContent?: unknown;
  /** True when the tool reported an error. */
  isError?: unknown;
  /** The whole result in the 2024-10 shape. */
  toolResult?: unknown;
}

/** Bytes in a base64 string, for describing binary content without sending it to the model. */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** One content block as text: text as is; binary content described (a model reads text, not base64). */
function blockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type} ${block.mimeType}, ${base64Bytes(block.data)} bytes]`;
    case "resource_link":
      return `[resource ${block.uri}${block.mimeType ? ` (${block.mimeType})` : ""}]`;
    case "resource": {
      const resource = block.resource;
      if ("text" in resource && typeof resource.text === "string") return resource.text;
      return `[resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ""}, ${base64Bytes(String((resource as { blob?: unknown }).blob ?? ""))} bytes]`;
    }
    default:
      return "";
  }
}

/** The text of a result's content blocks, one block a line. */
export function contentText(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .filter(
      (block): block is ContentBlock =>
        typeof block === "object" && block !== null && typeof (block as { type?: unknown }).type === "string",
    )
    .map(blockText)
    .filter((text) => text !== "")
    .join("\n");
}

/**
 * What an imported tool returns for an MCP result: an `isError` result becomes `toolError(text)`
 * (an error result the model reads); `structuredContent`, when present, is the value (sent as
 * JSON); otherwise the content's text.
 */
export function mcpResultValue(
  toolName: string,
  result: McpCallResult,
): string | Record<string, unknown> | ToolErrorValue {
  const text = contentText(result.content);
  if (result.isError === true)
    return toolError(text !== "" ? text : `The MCP tool ${toolName} failed without saying why.`);
  const structured = result.structuredContent;
  if (typeof structured === "object" && structured !== null && !Array.isArray(structured))
    return structured as Record<string, unknown>;
  if (result.content === undefined && result.toolResult !== undefined) {
    return typeof result.toolResult === "string" ? result.toolResult : (JSON.stringify(result.toolResult) ?? "");
  }
  return text;
}
