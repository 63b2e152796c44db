// Names from the OpenTelemetry semantic conventions for generative AI 1.45 (spans, metrics) and
// the general `error.type` and `server.*` attributes; `tooltype.*` names are this package's own,
// for what the conventions have no name for.

/** Attribute names the spans and metrics carry. */
export const ATTR = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  agentName: "gen_ai.agent.name",
  requestModel: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  responseId: "gen_ai.response.id",
  timeToFirstChunk: "gen_ai.response.time_to_first_chunk",
  stream: "gen_ai.request.stream",
  finishReasons: "gen_ai.response.finish_reasons",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  tokenType: "gen_ai.token.type",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolArguments: "gen_ai.tool.call.arguments",
  toolResult: "gen_ai.tool.call.result",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  systemInstructions: "gen_ai.system_instructions",
  errorType: "error.type",
  serverAddress: "server.address",
  serverPort: "server.port",
  stopped: "tooltype.completion.stopped",
  rounds: "tooltype.completion.rounds",
  round: "tooltype.round",
  policyStatus: "tooltype.policy.status",
  policyMessage: "tooltype.policy.message",
  retryAttempt: "tooltype.retry.attempt",
  retryDelayMs: "tooltype.retry.delay_ms",
  failoverFrom: "tooltype.failover.from.model",
  failoverTo: "tooltype.failover.to.model",
} as const;

/** `gen_ai.operation.name` values. */
export const OPERATION = {
  chat: "chat",
  executeTool: "execute_tool",
  invokeAgent: "invoke_agent",
} as const;

/** Span event names. */
export const EVENT = {
  decision: "tooltype.policy.decision",
  retry: "tooltype.request.retry",
  failover: "tooltype.request.failover",
} as const;

/** The client metrics, with the units and bucket boundaries the conventions advise. */
export const METRIC = {
  tokenUsage: {
    name: "gen_ai.client.token.usage",
    unit: "{token}",
    description: "Number of input and output tokens used.",
    buckets: [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864],
  },
  operationDuration: {
    name: "gen_ai.client.operation.duration",
    unit: "s",
    description: "GenAI operation duration.",
    buckets: [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92],
  },
  timeToFirstChunk: {
    name: "gen_ai.client.operation.time_to_first_chunk",
    unit: "s",
    description:
      "Time to receive the first chunk, measured from when the client issues the generation request to when the first chunk is received in the response stream.",
    buckets: [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92],
  },
} as const;
