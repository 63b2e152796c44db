// Public API of @tooltype/core, grouped by station of the data path. Every name here is chosen on
// purpose: documented, or named by a public signature (api/core.api.md is the reviewed surface).

// JSON values and the errors every station throws.
export type { JSONValue, JSONObject, JSONSchema } from "./json.js";
export { TooltypeError } from "./errors/tooltype-error.js";
export type { TooltypeErrorCode, TooltypeErrorCodes } from "./errors/tooltype-error.js";
export { UnknownToolError } from "./errors/unknown-tool-error.js";
export { ToolArgumentError } from "./errors/tool-argument-error.js";
export type { ArgumentIssue } from "./errors/tool-argument-error.js";
export { EndpointError } from "./errors/endpoint-error.js";
export { ProtocolError } from "./errors/protocol-error.js";
export { ToolDefinitionError } from "./errors/tool-definition-error.js";
export { DuplicateToolError } from "./errors/duplicate-tool-error.js";
export { ToolNotTransformedError } from "./errors/tool-not-transformed-error.js";
export { TransformerRequiredError } from "./errors/transformer-required-error.js";
export { AbortedError } from "./errors/aborted-error.js";
export { OutputError } from "./errors/output-error.js";
export { ToolTimeoutError } from "./errors/tool-timeout-error.js";

// Schemas: argument repair, typed schemas, partial JSON.
export { repairArguments } from "./schema/repair.js";
export type { ArgumentRepair, RepairableCall, RepairCode, RepairOptions, RepairRecord } from "./schema/repair.js";
export type { TypedSchema, DeepPartial } from "./schema/typed-schema.js";
export { PartialJSON } from "./schema/partial-json.js";
export type { PartialJSONOptions } from "./schema/partial-json.js";

// Tools: the decorator, definitions, the registry, results.
export { Description } from "./tools/description-decorator.js";
export type { DescriptionDecorator } from "./tools/description-decorator.js";
export type { DescriptionOptions, ToolDeclaration } from "./tools/declared-tools.js";
export type { ToolMetadata, ParameterBinding } from "./tools/tool-metadata.js";
export { registerToolMetadata } from "./tools/sidecar-registry.js";
export { registerOutputSchema } from "./tools/output-schema-registry.js";
export { Tool, emptySchema } from "./tools/tool.js";
export type {
  ToolInit,
  ToolFunction,
  ToolSource,
  ToolOutcome,
  ToolFailure,
  ToolExecuteOptions,
  ToolCallOptions,
} from "./tools/tool-types.js";
export type { InputLimits } from "./tools/input-limits.js";
export { ToolRegistry } from "./tools/tool-registry.js";
export type { AddToolOptions, DefineToolSpec } from "./tools/tool-registry.js";
export type { ToolOverrides } from "./tools/tool-factories.js";
export { defineTool, jsonSchema } from "./tools/define-tool.js";
export type { DefineToolOptions } from "./tools/define-tool.js";
export type { ToolCallContext } from "./tools/tool-call-context.js";
export type { ToolResult } from "./tools/tool-result.js";
export { toolError, isToolError } from "./tools/tool-error.js";
export type { ToolErrorValue } from "./tools/tool-error.js";

// Policy: who decides whether a call runs, and the call it decides.
export { ToolPolicy } from "./policy/tool-policy.js";
export type { ToolPolicyEvaluator, PolicyDecision, ToolPolicyOptions } from "./policy/tool-policy.js";
export { ToolPolicyStatus } from "./policy/tool-policy-status.js";
export type { PolicyResult } from "./policy/tool-policy-status.js";
export type { ToolCall } from "./policy/tool-call.js";
export type { CallOutcome, CallOutcomeStatus } from "./policy/call-outcome.js";

// Context: the conversation, its calls, approvals and the signed stored format.
export { Context } from "./context/context.js";
export type { ContextOptions, RestoreOptions, ToJSONOptions, ToolCallInit } from "./context/context-options.js";
export type { Message, SystemMessage, UserMessage, AssistantMessage, ToolMessage } from "./context/message.js";
export { ContextError, ApprovalError, ContextJSONError } from "./context/context-errors.js";
export type { StoredContext } from "./context/stored-context.js";
export type { ContextSecret } from "./context/signing.js";

// Endpoints: the contract every endpoint meets, and the providers.
export type {
  ModelEndpoint,
  EndpointRequest,
  EndpointReply,
  AnsweredBy,
  CompletionChoice,
  CompletionTarget,
  Usage,
} from "./endpoints/model-endpoint.js";
export type { ModelConfig, ToolChoice, Dialect, OutputMode } from "./endpoints/model-config.js";
export type { OutputRequest, ChoiceOutput } from "./endpoints/output-request.js";
export type { StrictSchemaResult, NullMap } from "./schema/strict-schema.js";
export type { StreamEvent } from "./endpoints/stream-event.js";
export type { StreamBacklog } from "./endpoints/stream-backlog.js";
export type { HttpEndpoint } from "./endpoints/http/endpoint.js";
export type { TransportOptions } from "./endpoints/http/transport-options.js";
export type { RetryInfo } from "./endpoints/http/retry-policy.js";
export type { RequestDispatcher } from "./endpoints/http/request-dispatcher.js";
export type { RetryPolicy } from "./endpoints/http/retry-policy.js";
export { OpenAI } from "./endpoints/openai/openai.js";
export type { OpenAIOptions } from "./endpoints/openai/options.js";
export type { MaxTokensField } from "./endpoints/openai/request.js";
export { Anthropic } from "./endpoints/anthropic/anthropic.js";
export type { AnthropicOptions } from "./endpoints/anthropic/options.js";
export { OpenAIResponses } from "./endpoints/responses/responses.js";
export type { OpenAIResponsesOptions } from "./endpoints/responses/options.js";
export type { ResponsesModelConfig, CustomToolGrammar } from "./endpoints/responses/responses-config.js";
export type { ReasoningEffort, ReasoningSummary } from "./endpoints/responses/wire.js";
export { Gemini } from "./endpoints/gemini/gemini.js";
export type { GeminiOptions, GeminiVertexOptions } from "./endpoints/gemini/options.js";
export type { GeminiThinkingConfig } from "./endpoints/gemini/wire.js";

// Calls: deciding and running them, for the loop and for MCP.
export { CallRunner } from "./calls/call-runner.js";
export type { CallRunnerOptions } from "./calls/runner-settings.js";
export type { CallEvent, CallHooks } from "./calls/call-event.js";
export { DEFAULT_MAX_TOOL_OUTPUT } from "./calls/tool-output-limit.js";

// The loop: completions, streams, options and events.
export { completions } from "./completions.js";
export type { CompletionInput, RawRequestBody, TypedOutputOptions } from "./loop/completion-input.js";
export type { CompletionStream, TypedLoopEvent } from "./loop/stream.js";
export type { Completion, StopReason, TypedCompletion } from "./loop/completion.js";
export type { CompletionOptions } from "./loop/completion-options.js";
export type { LoopEvent, LoopEventListener } from "./loop/loop-event.js";
export type { CompletionHooks, CompletionStart, LoopHooks } from "./loop/loop-hooks.js";

// The router: failover between endpoints, above the loop.
export { Router } from "./router/router.js";
export type { CompletionRouter } from "./router/completion-router.js";
export type { RouterTarget, RouterOptions, FailoverInfo } from "./router/options.js";
