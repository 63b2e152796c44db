// Public API of @tooltype/mcp: serve a registry over MCP, import an MCP server's tools.
export { serveMcp } from "./serve-mcp.js";
export type { ServeMcpOptions, McpToolServer } from "./serve-mcp.js";
export type { CallAnswerSettings } from "./answer-tool-call.js";
export { importMcpTools } from "./import-mcp-tools.js";
export type { ImportMcpToolsOptions, McpToolClient } from "./import-mcp-tools.js";
export { toMcpTool, CUSTOM_INPUT_PROPERTY } from "./mcp-tool-listing.js";
export type { McpObjectSchema } from "./mcp-tool-listing.js";
export { mcpResultValue } from "./mcp-result-value.js";
export type { McpCallResult } from "./mcp-result-value.js";
export { registryName } from "./tool-name-mapping.js";
