import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, type JSONObject } from "../../json.js";
import type { CompletionChoice, EndpointReply, Usage } from "../model-endpoint.js";
import { checkReplyDepth } from "../reply-depth.js";
import type { ArgumentLimits } from "../tool-arguments.js";
import { nonEmptyString, visibleText } from "../tool-calls.js";
import { readOutputItems } from "./output-items.js";
import { responsesProviderData } from "./provider-data.js";
import { isReportedError, responsesErrorOf } from "./response-errors.js";

/** How a Responses reply is read besides the argument limits. */
export interface ResponsesReplyOptions extends ArgumentLimits {
  /** The server's base URL: kept output goes back only to it. */
  baseURL: string;
  /** The server keeps the response (`serverState`): its id is recorded to continue from. */
  stored: boolean;
}

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * `usage` of a response as a `Usage`: `input_tokens`, `output_tokens` and `total_tokens` (the sum
 * when absent; `prompt_tokens` and `completion_tokens` from gateways that rename them), with
 * `input_tokens_details.cached_tokens` and `output_tokens_details.reasoning_tokens` when sent.
 */
export function parseResponsesUsage(usage: unknown): Usage {
  const u = asObject(usage);
  const promptTokens = count(u?.input_tokens) ?? count(u?.prompt_tokens) ?? 0;
  const completionTokens = count(u?.output_tokens) ?? count(u?.completion_tokens) ?? 0;
  const parsed: Usage = {
    promptTokens,
    completionTokens,
    totalTokens: count(u?.total_tokens) ?? promptTokens + completionTokens,
  };
  const cached = count(asObject(u?.input_tokens_details)?.cached_tokens);
  const reasoning = count(asObject(u?.output_tokens_details)?.reasoning_tokens);
  if (cached !== undefined) parsed.cachedTokens = cached;
  if (reasoning !== undefined) parsed.reasoningTokens = reasoning;
  return parsed;
}

/**
 * The finish reason a response stands for: `incomplete` with `max_output_tokens` → `length`, with
 * `content_filter` → `content_filter`, with another reason → that reason (`incomplete` when none);
 * otherwise `tool_calls` when it holds calls, else `stop`.
 */
function finishReasonOf(status: string, details: JSONObject | undefined, hasCalls: boolean): string {
  if (status === "incomplete") {
    const reason = nonEmptyString(details?.reason);
    if (reason === "max_output_tokens") return "length";
    return reason ?? "incomplete";
  }
  return hasCalls ? "tool_calls" : "stop";
}

/** Throws for a response that is not a finished answer: failed, cancelled, or still running (background mode). */
function checkStatus(body: JSONObject, status: string): void {
  if (status === "failed") throw responsesErrorOf(body, "instead of a reply (status failed)");
  if (status === "cancelled")
    throw new EndpointError("The server reported the response as cancelled: nothing was added to the conversation.", {
      retryable: false,
    });
  if ((status === "queued" || status === "in_progress") && (body.output as unknown[]).length === 0)
    throw new ProtocolError(
      `The response is not finished (status "${status}"): tooltype reads complete responses. Do not set "background" in config.extra.`,
    );
}

/**
 * Parses a Responses API reply (parsed JSON, or a stream assembled into the same shape) into one
 * choice and usage, following docs/wire-format.md ("Responses"): the output items in order (see
 * `readOutputItems`), the status and `incomplete_details` as the finish reason, a refusal part as
 * the refusal, and what must go back to this server (reasoning, unknown items) as provider data.
 * A reported error (an `error` object or string, `status: "failed"`) is an `EndpointError`; a body
 * without an `output` array (or nested past `MAX_REPLY_DEPTH`) is a `ProtocolError`.
 */
export function parseResponsesReply(body: unknown, options: ResponsesReplyOptions): EndpointReply {
  const b = asObject(body);
  if (b !== undefined && (b.type === "error" || isReportedError(b.error)))
    throw responsesErrorOf(b, "instead of a reply");
  if (b === undefined || !Array.isArray(b.output)) {
    throw new ProtocolError(
      "The reply is not a Responses API response: expected a JSON object with an `output` array. Check that the base URL points at a server that serves /v1/responses.",
    );
  }
  checkReplyDepth(b);
  const status = typeof b.status === "string" ? b.status : "completed";
  checkStatus(b, status);
  const read = readOutputItems(b.output, options);
  const refusal = read.refusal !== "" ? read.refusal : null;
  const choice: CompletionChoice = {
    index: 0,
    text: visibleText(read.text),
    toolCalls: read.toolCalls,
    finishReason: finishReasonOf(status, asObject(b.incomplete_details), read.toolCalls.length > 0),
    refusal,
    reasoning: read.reasoning === "" ? null : read.reasoning,
  };
  const responseId = nonEmptyString(b.id);
  if (options.stored && responseId !== undefined) read.record.responseId = responseId;
  const providerData = responsesProviderData(read.record, options.baseURL);
  if (providerData !== undefined) choice.providerData = providerData;
  return { choices: [choice], usage: parseResponsesUsage(b.usage), raw: body };
}
