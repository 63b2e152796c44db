// Public API of @tooltype/mcp: serve a registry over MCP, import an MCP server's tools.
export { serveMcp } from "./serve/serve-mcp.js";
export type { ServeMcpOptions, McpToolServer } from "./serve/serve-mcp.js";
export type { CallAnswerSettings } from "./serve/answer-tool-call.js";
export { importMcpTools } from "./import/import-mcp-tools.js";
export type { ImportMcpToolsOptions, McpToolClient } from "./import/import-mcp-tools.js";
