// Public API of @tooltype/core. Each station of the data path adds its exports here.
export type { JSONValue, JSONObject, JSONSchema } from "./json.js";
export { TooltypeError } from "./errors/tooltype-error.js";
export type { TooltypeErrorCode } from "./errors/tooltype-error.js";
export { UnknownToolError } from "./errors/unknown-tool-error.js";
export { ToolArgumentError } from "./errors/tool-argument-error.js";
export type { ArgumentIssue } from "./errors/tool-argument-error.js";
export { EndpointError } from "./errors/endpoint-error.js";
export { ProtocolError } from "./errors/protocol-error.js";
export type { ToolMetadata, ParameterBinding } from "./tools/tool-metadata.js";
export type { ToolResult } from "./tools/tool-result.js";
export type { ToolCallContext } from "./tools/tool-call-context.js";
export { Description } from "./tools/description-decorator.js";
export type { DescriptionDecorator } from "./tools/description-decorator.js";
export type { DescriptionOptions, ToolDeclaration } from "./tools/metadata-store.js";
export { registerToolMetadata } from "./tools/sidecar-registry.js";
export { Tool } from "./tools/tool.js";
export type {
  ToolInit,
  ToolFunction,
  ToolSource,
  ToolOutcome,
  ToolFailure,
  ToolExecuteOptions,
  ToolCallOptions,
} from "./tools/tool.js";
export { ToolRegistry } from "./tools/tool-registry.js";
export type { AddToolOptions, DefineToolSpec } from "./tools/tool-registry.js";
export type { ToolOverrides } from "./tools/tool-factories.js";
export { defineTool, jsonSchema } from "./tools/define-tool.js";
export type { DefineToolOptions } from "./tools/define-tool.js";
export { toolError, isToolError } from "./tools/tool-error.js";
export type { ToolErrorValue } from "./tools/tool-error.js";
export { emptySchema } from "./tools/empty-schema.js";
export { TOOL_NAME_PATTERN } from "./tools/tool-name.js";
export { DEFAULT_MAX_TOOL_INPUT, DEFAULT_MAX_DEPTH } from "./tools/input-limits.js";
export { validatorFor } from "./schema/validation.js";
export type { SchemaValidator } from "./schema/validation.js";
export { argumentIssues, formatArgumentIssues } from "./schema/argument-issues.js";
export { ToolDefinitionError } from "./errors/tool-definition-error.js";
export { DuplicateToolError } from "./errors/duplicate-tool-error.js";
export { ToolNotTransformedError } from "./errors/tool-not-transformed-error.js";
export { TransformerRequiredError } from "./errors/transformer-required-error.js";
export { AbortedError } from "./errors/aborted-error.js";
export { ToolTimeoutError } from "./errors/tool-timeout-error.js";
export { ToolPolicyStatus } from "./policy/tool-policy-status.js";
export type { PolicyResult } from "./policy/tool-policy-status.js";
export type { Message, SystemMessage, UserMessage, AssistantMessage, ToolMessage } from "./context/message.js";
export { ToolPolicy } from "./policy/tool-policy.js";
export type { ToolPolicyEvaluator, PolicyDecision, ToolPolicyOptions } from "./policy/tool-policy.js";
export { compileNamePattern, matchesNamePattern } from "./policy/wildcard.js";
export type { NamePattern } from "./policy/wildcard.js";
export { Context } from "./context/context.js";
export type { ContextOptions, RestoreOptions, StoreOptions, ToolCallInit } from "./context/context.js";
export { ContextError, ApprovalError, ContextStoreError } from "./context/context-errors.js";
export { CONTEXT_FORMAT, CONTEXT_FORMAT_VERSION } from "./context/context-store.js";
export type { StoredContext } from "./context/context-store.js";
export type { ContextSecret } from "./context/signing.js";
export { completions, runCompletion, endpointCompletions } from "./loop/completions.js";
export type { CompletionInput, RawRequestBody, RawRequestEndpoint } from "./loop/completions.js";
export { streamCompletion } from "./loop/stream.js";
export type { CompletionStream } from "./loop/stream.js";
export { DEFAULT_MAX_TOOL_ROUNDS } from "./loop/completion-options.js";
export type { CompletionOptions, EndpointCompletionOptions } from "./loop/completion-options.js";
export type { LoopEvent, LoopEventListener } from "./loop/loop-event.js";
export type { CompletionHooks, CompletionStart, LoopHooks } from "./loop/loop-hooks.js";
export { repairArguments } from "./schema/repair.js";
export type { ArgumentRepair } from "./schema/repair.js";
export type { ToolCall } from "./context/tool-call.js";
export type { Completion, CompletionChoice, CompletionTarget, StopReason, Usage } from "./loop/completion.js";
export type { ModelConfig, ToolChoice, Dialect } from "./endpoints/model-config.js";
export type { StreamEvent } from "./endpoints/stream-event.js";
export type { ModelEndpoint, EndpointRequest, EndpointReply } from "./endpoints/model-endpoint.js";
export { OpenAI } from "./endpoints/openai.js";
export type { OpenAIOptions } from "./endpoints/openai-options.js";
export type { MaxTokensField } from "./endpoints/openai-request.js";
export { Anthropic } from "./endpoints/anthropic.js";
export type { AnthropicOptions } from "./endpoints/anthropic-options.js";
export { Router } from "./endpoints/router.js";
export type { RouterTarget, RouterOptions, FailoverInfo } from "./endpoints/router-options.js";
export type { RetryInfo } from "./endpoints/http-transport.js";
export type { RetryPolicy } from "./endpoints/retry-policy.js";
export { parseToolArguments } from "./endpoints/tool-arguments.js";
export type { ArgumentLimits, ParsedArguments } from "./endpoints/tool-arguments.js";
export { toStrictSchema } from "./schema/strict-schema.js";
export type { StrictSchemaResult, NullMap } from "./schema/strict-schema.js";
export { restoreOmittedArguments } from "./schema/strict-schema-nulls.js";
