import type { ToolCall } from "../../policy/tool-call.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, type JSONObject } from "../../json.js";
import type { CompletionChoice, Usage } from "../model-endpoint.js";
import { thinkingProviderData } from "./thinking.js";
import { customToolInputKey } from "./tools.js";
import type { EndpointReply } from "../model-endpoint.js";
import { errorMessageOf } from "../http/errors.js";
import { checkReplyDepth } from "../reply-depth.js";
import { CallIds, functionCall, nonEmptyString, visibleText } from "../tool-calls.js";
import { parseToolArguments, type ArgumentLimits } from "../tool-arguments.js";

/** How a Messages reply is read besides the argument limits. */
export interface AnthropicReplyOptions extends ArgumentLimits {
  /** Names of custom (free-text) tools offered: their `{ input }` is read back as raw text. */
  customTools?: ReadonlySet<string>;
}

/** The refusal text when the model refused without saying anything. */
export const silentRefusal = 'The model declined to answer (stop_reason "refusal").';

const cutByLimit =
  "The reply was cut off by the token limit (max_tokens) while this call's input was being written, so it was not run. Send it again.";

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * `usage` of a Messages reply as a `Usage`: prompt tokens are `input_tokens` plus the cache
 * reads and writes (Anthropic counts those apart), completion tokens are `output_tokens`.
 */
export function parseAnthropicUsage(usage: unknown): Usage {
  const u = asObject(usage);
  const promptTokens =
    count(u?.input_tokens) + count(u?.cache_creation_input_tokens) + count(u?.cache_read_input_tokens);
  const completionTokens = count(u?.output_tokens);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

/** Statuses that Anthropic's error types stand for, so an error met mid-stream can say whether trying again may help. */
const statusOfErrorType: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/** The EndpointError for an error object the server sent with a success status or inside a stream. */
export function anthropicErrorOf(body: unknown, where: string): EndpointError {
  const type = asObject(asObject(body)?.error)?.type;
  const status = typeof type === "string" ? statusOfErrorType[type] : undefined;
  const retryable = status === 429 || (status !== undefined && status >= 500);
  const label = typeof type === "string" ? ` (${type})` : "";
  return new EndpointError(`The server reported an error ${where}${label}: ${errorMessageOf(body) ?? "no message"}`, {
    retryable,
    ...(status !== undefined ? { status } : {}),
  });
}

function unusable(call: ToolCall, why: string): ToolCall {
  return functionCall(call.id, call.name, { arguments: null, rawArguments: call.rawArguments, argumentError: why });
}

function parseToolUse(block: JSONObject, options: AnthropicReplyOptions, ids: CallIds): ToolCall {
  const parsed = parseToolArguments(block.input, options);
  const call = functionCall(
    ids.take(nonEmptyString(block.id)),
    typeof block.name === "string" ? block.name : "",
    parsed,
  );
  if (!options.customTools?.has(call.name) || parsed.arguments === null) return call;
  const text = parsed.arguments[customToolInputKey];
  if (typeof text !== "string")
    return unusable(call, `${call.name} takes free text: send it as {"${customToolInputKey}": "<text>"}.`);
  return { id: call.id, type: "custom", name: call.name, arguments: {}, rawArguments: text };
}

/**
 * Parses a Messages API reply (parsed JSON, or a stream assembled into the same shape, where a
 * tool's `input` may still be its JSON text): text blocks joined into the visible text,
 * `tool_use` blocks into calls (ids made unique; unusable input → `arguments: null`), thinking
 * into `reasoning` and, blocks as received, into `providerData` to be sent back. `stop_reason`
 * is kept as sent; with `max_tokens` a call that ends the reply was cut and is unusable; with
 * `refusal` the choice carries the refusal. An error object is an `EndpointError`; any other
 * body that is not a message (or one nested past `MAX_REPLY_DEPTH`) is a `ProtocolError`.
 */
export function parseAnthropicReply(body: unknown, options: AnthropicReplyOptions): EndpointReply {
  const b = asObject(body);
  if (b && !Array.isArray(b.content) && (b.type === "error" || b.error !== undefined))
    throw anthropicErrorOf(b, "instead of a reply");
  if (!b || !Array.isArray(b.content)) {
    throw new ProtocolError(
      "The reply is not an Anthropic message: expected a JSON object with a `content` array. Check that the base URL points at the Messages API (…/v1).",
    );
  }
  checkReplyDepth(b);
  const stopReason = typeof b.stop_reason === "string" ? b.stop_reason : null;
  const ids = new CallIds();
  const toolCalls: ToolCall[] = [];
  let text = "";
  let reasoning = "";
  b.content.forEach((entry, i, all) => {
    const block = asObject(entry);
    if (block?.type === "text" && typeof block.text === "string") text += block.text;
    else if (block?.type === "thinking" && typeof block.thinking === "string") reasoning += block.thinking;
    else if (block?.type === "tool_use") {
      const call = parseToolUse(block, options, ids);
      toolCalls.push(stopReason === "max_tokens" && i === all.length - 1 ? unusable(call, cutByLimit) : call);
    }
  });
  const visible = visibleText(text);
  const choice: CompletionChoice = {
    index: 0,
    text: visible,
    toolCalls,
    finishReason: stopReason,
    refusal: stopReason === "refusal" ? (visible ?? silentRefusal) : null,
    reasoning: reasoning === "" ? null : reasoning,
  };
  const providerData = thinkingProviderData(
    b.content,
    (block) => typeof block.text === "string" && block.text.trim() !== "",
  );
  if (providerData !== undefined) choice.providerData = providerData;
  return { choices: [choice], usage: parseAnthropicUsage(b.usage), raw: body };
}
