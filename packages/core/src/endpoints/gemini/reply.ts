import type { ToolCall } from "../../policy/tool-call.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, type JSONObject } from "../../json.js";
import { errorMessageOf, excerptOf } from "../http/errors.js";
import { isRetryableStatus } from "../http/retry-policy.js";
import type { CompletionChoice, EndpointReply, Usage } from "../model-endpoint.js";
import { checkReplyDepth } from "../reply-depth.js";
import { parseToolArguments, type ArgumentLimits } from "../tool-arguments.js";
import { CallIds, functionCall, nonEmptyString, visibleText } from "../tool-calls.js";
import { recordModelParts } from "./model-parts.js";
import { customToolInputKey } from "./tools.js";

/** How a generateContent reply is read besides the argument limits. */
export interface GeminiReplyOptions extends ArgumentLimits {
  /** Names of custom (free-text) tools offered: their `{ input }` is read back as raw text. */
  customTools?: ReadonlySet<string>;
}

// Finish reasons that mean a filter stopped the reply (the loop's `contentFilter`).
const filtered = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "IMAGE_RECITATION",
]);

/**
 * A candidate's `finishReason` in the loop's words: `STOP` → `stop`, `MAX_TOKENS` → `length`, the
 * filters' reasons (`SAFETY`, `RECITATION`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII`, image ones)
 * → `content_filter`; any other (`MALFORMED_FUNCTION_CALL`, `UNEXPECTED_TOOL_CALL`, `OTHER`, …) as sent.
 */
export function geminiFinishReason(reason: unknown): string | null {
  if (typeof reason !== "string" || reason === "") return null;
  if (reason === "STOP") return "stop";
  if (reason === "MAX_TOKENS") return "length";
  return filtered.has(reason) ? "content_filter" : reason;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * `usageMetadata` as a `Usage`: prompt tokens are `promptTokenCount` plus `toolUsePromptTokenCount`,
 * completion tokens `candidatesTokenCount` plus `thoughtsTokenCount` (thinking is written output),
 * the total as sent (else the sum); `cachedContentTokenCount` and `thoughtsTokenCount` are kept apart
 * too, when sent. Zeros for what is absent (a stream's intermediate chunks often carry none).
 */
export function parseGeminiUsage(usage: unknown): Usage {
  const u = asObject(usage);
  const promptTokens = count(u?.promptTokenCount) + count(u?.toolUsePromptTokenCount);
  const completionTokens = count(u?.candidatesTokenCount) + count(u?.thoughtsTokenCount);
  const total = u?.totalTokenCount;
  const out: Usage = {
    promptTokens,
    completionTokens,
    totalTokens: typeof total === "number" && Number.isFinite(total) ? total : promptTokens + completionTokens,
  };
  if (typeof u?.cachedContentTokenCount === "number") out.cachedTokens = count(u.cachedContentTokenCount);
  if (typeof u?.thoughtsTokenCount === "number") out.reasoningTokens = count(u.thoughtsTokenCount);
  return out;
}

/**
 * The EndpointError for a Google API error object (`{ error: { code, message, status } }`) sent
 * with a success status or inside a stream; retryable as its `code` would be as an HTTP status.
 */
export function geminiErrorOf(body: unknown, where: string): EndpointError {
  const error = asObject(asObject(body)?.error);
  const code = typeof error?.code === "number" && Number.isInteger(error.code) ? error.code : undefined;
  const label = typeof error?.status === "string" ? ` (${error.status})` : "";
  return new EndpointError(`The server reported an error ${where}${label}: ${errorMessageOf(body) ?? "no message"}`, {
    retryable: code !== undefined && isRetryableStatus(code),
    ...(code !== undefined ? { status: code } : {}),
  });
}

function parseCall(wire: JSONObject, options: GeminiReplyOptions, ids: CallIds): ToolCall {
  const parsed = parseToolArguments(wire.args, options);
  const call = functionCall(ids.take(nonEmptyString(wire.id)), typeof wire.name === "string" ? wire.name : "", parsed);
  if (!options.customTools?.has(call.name) || parsed.arguments === null) return call;
  const text = parsed.arguments[customToolInputKey];
  if (typeof text !== "string")
    return functionCall(call.id, call.name, {
      arguments: null,
      rawArguments: call.rawArguments,
      argumentError: `${call.name} takes free text: send it as {"${customToolInputKey}": "<text>"}.`,
    });
  return { id: call.id, type: "custom", name: call.name, arguments: {}, rawArguments: text };
}

/**
 * The call a `MALFORMED_FUNCTION_CALL` stands for: unusable, named after the function the server's
 * `finishMessage` names (else nameless), so the loop answers it with an error and the model writes it again.
 */
function malformedCall(finishMessage: string | undefined, ids: CallIds): ToolCall {
  const said = finishMessage ?? "";
  // The message quotes the call as Python: `print(default_api.getWeather(city=...))`.
  const code = said.replace(/^[^:]*:/, "");
  const name =
    /default_api\.([A-Za-z_][A-Za-z0-9_.:-]*)\s*\(/.exec(code)?.[1] ??
    /\b(?!print\b)([A-Za-z_][A-Za-z0-9_.:-]*)\s*\(/.exec(code)?.[1] ??
    "";
  return functionCall(ids.take(undefined), name, {
    arguments: null,
    rawArguments: said,
    argumentError: `The function call could not be read (the server stopped with MALFORMED_FUNCTION_CALL${said ? `: ${excerptOf(said, 300)}` : ""}). Call the function again, with its arguments as one JSON object.`,
  });
}

function parseCandidate(
  candidate: JSONObject,
  position: number,
  options: GeminiReplyOptions,
  ids: CallIds,
): CompletionChoice {
  const parts = (asObject(candidate.content)?.parts ?? []) as unknown[];
  const objects = parts.map(asObject).filter((part): part is JSONObject => part !== undefined);
  const toolCalls: ToolCall[] = [];
  let text = "";
  let reasoning = "";
  for (const part of objects) {
    const call = asObject(part.functionCall);
    if (call !== undefined) toolCalls.push(parseCall(call, options, ids));
    else if (typeof part.text === "string" && part.thought === true) reasoning += part.text;
    else if (typeof part.text === "string") text += part.text;
  }
  const sent = candidate.finishReason;
  if (sent === "MALFORMED_FUNCTION_CALL" && toolCalls.length === 0)
    toolCalls.push(malformedCall(nonEmptyString(candidate.finishMessage), ids));
  const choice: CompletionChoice = {
    index: typeof candidate.index === "number" ? candidate.index : position,
    text: visibleText(text),
    toolCalls,
    finishReason: geminiFinishReason(sent),
    refusal: null,
    reasoning: reasoning === "" ? null : reasoning,
  };
  const providerData = recordModelParts(objects, toolCalls, sent === "MALFORMED_FUNCTION_CALL");
  if (providerData !== undefined) choice.providerData = providerData;
  return choice;
}

/** The choice of a reply whose prompt was blocked (`promptFeedback.blockReason`, no candidates). */
function blockedChoice(feedback: JSONObject): CompletionChoice {
  return {
    index: 0,
    text: null,
    toolCalls: [],
    finishReason: "content_filter",
    refusal: null,
    reasoning: null,
    providerData: { gemini: { promptFeedback: feedback } },
  };
}

/**
 * Parses a generateContent reply (parsed JSON, or a stream assembled into the same shape; see
 * docs/wire-format.md, "Gemini"): every candidate, its parts in order (text joined into the
 * visible text, thoughts into `reasoning`, function calls into calls with unique ids), the parts
 * and their signatures recorded as provider data to go back, `finishReason` in the loop's words,
 * a blocked prompt as a `content_filter` choice, `usageMetadata`, `responseId` and `modelVersion`.
 * An error object is an `EndpointError`; any other body without candidates is a `ProtocolError`.
 */
export function parseGeminiReply(body: unknown, options: GeminiReplyOptions): EndpointReply {
  const b = asObject(Array.isArray(body) && body.length === 1 ? body[0] : body);
  if (b && b.error !== undefined && b.error !== null) throw geminiErrorOf(b, "instead of a reply");
  const feedback = asObject(b?.promptFeedback);
  const blocked = feedback !== undefined && typeof feedback.blockReason === "string";
  if (!b || (!Array.isArray(b.candidates) && !blocked)) {
    throw new ProtocolError(
      "The reply is not a Gemini generateContent response: expected a JSON object with a `candidates` array. Check that the base URL points at the Gemini API (without the version: it is apiVersion).",
    );
  }
  checkReplyDepth(b);
  const ids = new CallIds();
  const choices: CompletionChoice[] = [];
  const candidates = Array.isArray(b.candidates) ? b.candidates : [];
  for (let position = 0; position < candidates.length; position++) {
    const candidate = asObject(candidates[position]);
    if (candidate) choices.push(parseCandidate(candidate, position, options, ids));
  }
  if (choices.length > 1) choices.sort((x, y) => x.index - y.index);
  if (choices.length === 0) {
    if (!blocked)
      throw new ProtocolError("The reply has no candidates: the server sent neither text nor function calls.");
    choices.push(blockedChoice(feedback));
  }
  const reply: EndpointReply = { choices, usage: parseGeminiUsage(b.usageMetadata), raw: body };
  const responseId = nonEmptyString(b.responseId);
  if (responseId !== undefined) reply.responseId = responseId;
  const modelVersion = nonEmptyString(b.modelVersion);
  if (modelVersion !== undefined) reply.responseModel = modelVersion;
  return reply;
}
