// Public API of @tooltype/mcp: serve a registry over MCP, import an MCP server's tools.
export { serveMcp } from "./serve/serve-mcp.js";
export type { ServeMcpOptions, McpToolServer } from "./serve/serve-mcp.js";
export type { CallAnswerSettings } from "./serve/answer-tool-call.js";
export { importMcpTools } from "./import/import-mcp-tools.js";
export type { ImportMcpToolsOptions, McpToolClient } from "./import/import-mcp-tools.js";
export { toMcpTool, CUSTOM_INPUT_PROPERTY } from "./serve/mcp-tool-listing.js";
export type { McpObjectSchema } from "./serve/mcp-tool-listing.js";
export { mcpResultValue } from "./import/mcp-result-value.js";
export type { McpCallResult } from "./import/mcp-result-value.js";
export { registryName } from "./import/tool-name-mapping.js";
