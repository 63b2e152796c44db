/**
 * A stand-in for the published `@tooltype/core` declarations, served from a virtual
 * node_modules/@tooltype/core so the transformer's tests do not depend on core's build. The
 * shapes follow @tooltype/core's ToolMetadata (docs/tools.md); the transformer matches them by declaration, never by value.
 */
export const coreStubFiles: Record<string, string> = {
  "/node_modules/@tooltype/core/package.json": JSON.stringify({ name: "@tooltype/core", types: "index.d.ts" }),
  "/node_modules/@tooltype/core/index.d.ts": `
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };
export type JSONObject = { [key: string]: JSONValue };
export type JSONSchema = { [keyword: string]: unknown } | boolean;
export type ParameterBinding = { kind: "named"; name: string } | { kind: "arguments" } | { kind: "context" };
export interface ToolMetadata {
  v: 1; name: string; description?: string; schema: JSONSchema; parameters: ParameterBinding[];
  returns?: JSONSchema; dates?: string[][]; source?: string;
}
export interface ToolCallContext<TApp = unknown> {
  readonly callId: string; readonly signal: { readonly aborted: boolean }; readonly context?: unknown; readonly toolContext?: TApp;
}
export interface DescriptionOptions { name?: string; timeoutMs?: number; strict?: boolean }
export declare function Description(text?: string, options?: DescriptionOptions, metadata?: ToolMetadata): any;
export interface Tool<Args = unknown> { name: string; description: string; schema: JSONSchema }
export interface ToolSpec<Args> { name: string; description?: string; impl(args: Args, ctx: ToolCallContext): unknown }
export declare function defineTool<Args>(spec: ToolSpec<Args>, metadata?: ToolMetadata): Tool<Args>;
export declare function jsonSchema<T>(siteId?: string): JSONSchema;
export declare function jsonSchema<T>(schema: JSONSchema): JSONSchema;
export interface AddOptions { name?: string; replace?: boolean; description?: string }
export declare class ToolRegistry {
  add(tool: object | ((...args: any[]) => unknown) | Tool, options?: AddOptions, metadata?: ToolMetadata): this;
  has(name: string): boolean;
}
`,
};
