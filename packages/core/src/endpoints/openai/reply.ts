import type { ToolCall } from "../../policy/tool-call.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, type JSONObject } from "../../json.js";
import type { CompletionChoice, Usage } from "../model-endpoint.js";
import { errorMessageOf } from "../http/errors.js";
import type { EndpointReply } from "../model-endpoint.js";
import { checkReplyDepth } from "../reply-depth.js";
import { CallIds, nonEmptyString, visibleText } from "../tool-calls.js";
import { contentReasoning } from "./content-parts.js";
import { extrasProviderData, messageExtras } from "./message-extras.js";
import { parseOpenAIToolCall } from "./tool-calls.js";
import type { ArgumentLimits } from "../tool-arguments.js";

/** `content` as a string: servers send a string, or an array of parts (`{ type: "text", text }`). */
function contentText(content: unknown, partType: "text" | "refusal"): string | undefined {
  // A plain string is text; only an array of parts can hold a refusal part.
  if (typeof content === "string") return partType === "text" ? content : undefined;
  if (!Array.isArray(content)) return undefined;
  let text: string | undefined;
  for (const part of content) {
    const p = asObject(part);
    const value = p?.type === partType ? p[partType] : undefined;
    if (typeof value === "string") text = (text ?? "") + value;
  }
  return text;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** `usage` of an OpenAI reply as a `Usage` (zeros for what is absent; a missing total is the sum). */
function parseUsage(usage: unknown): Usage {
  const u = asObject(usage);
  const promptTokens = count(u?.prompt_tokens);
  const completionTokens = count(u?.completion_tokens);
  const total = u?.total_tokens;
  return {
    promptTokens,
    completionTokens,
    totalTokens: typeof total === "number" && Number.isFinite(total) ? total : promptTokens + completionTokens,
  };
}

function parseChoice(
  wire: JSONObject,
  position: number,
  limits: ArgumentLimits,
  ids: CallIds,
  baseURL: string | undefined,
): CompletionChoice {
  const message = asObject(wire.message) ?? {};
  const toolCalls: ToolCall[] = [];
  if (Array.isArray(message.tool_calls)) {
    for (const entry of message.tool_calls) {
      const call = asObject(entry);
      if (call) toolCalls.push(parseOpenAIToolCall(call, limits, ids));
    }
  }
  // The legacy `function_call` is one call only when it names a function: some gateways put the
  // zero value `{ "name": "", "arguments": "" }` on every message.
  const legacy = asObject(message.function_call);
  if (legacy && toolCalls.length === 0 && nonEmptyString(legacy.name) !== undefined)
    toolCalls.push(parseOpenAIToolCall({ function: legacy }, limits, ids));
  const reasoning =
    nonEmptyString(message.reasoning_content) ??
    nonEmptyString(message.reasoning) ??
    nonEmptyString(contentReasoning(message.content));
  const refusal =
    typeof message.refusal === "string" && message.refusal !== ""
      ? message.refusal
      : contentText(message.content, "refusal");
  const choice: CompletionChoice = {
    index: typeof wire.index === "number" ? wire.index : position,
    text: visibleText(contentText(message.content, "text")),
    toolCalls,
    finishReason: typeof wire.finish_reason === "string" ? wire.finish_reason : null,
    refusal: refusal !== undefined && refusal !== "" ? refusal : null,
    reasoning: reasoning ?? null,
  };
  const extras = messageExtras(message);
  if (extras !== undefined) choice.providerData = extrasProviderData(extras, baseURL);
  return choice;
}

/**
 * Parses a chat completion body (parsed JSON) into choices and usage, following docs/wire-format.md:
 * every choice, in index order; text, refusal and reasoning kept apart; tool calls with their
 * arguments read (unusable ones `null`), ids made unique; message-level fields the server needs
 * back (`reasoning_content`, `reasoning_details`, `extra_content`) kept as provider data naming
 * `baseURL`. A body that is not a chat completion
 * is a `ProtocolError` (so is one nested past `MAX_REPLY_DEPTH`); an error object sent with a success
 * status is an `EndpointError`, even beside `choices` (as in a stream); `error: null` is none.
 */
export function parseOpenAIReply(body: unknown, limits: ArgumentLimits, baseURL?: string): EndpointReply {
  const b = asObject(body);
  if (b && b.error !== undefined && b.error !== null) {
    throw new EndpointError(`The server answered with an error: ${errorMessageOf(b) ?? "no message"}`, {
      retryable: false,
    });
  }
  if (!b || !Array.isArray(b.choices)) {
    throw new ProtocolError(
      "The reply is not a chat completion: expected a JSON object with a `choices` array. Check that the base URL points at an OpenAI-compatible /v1 API.",
    );
  }
  checkReplyDepth(b);
  const ids = new CallIds();
  const choices: CompletionChoice[] = [];
  for (let position = 0; position < b.choices.length; position++) {
    const choice = asObject(b.choices[position]);
    if (choice) choices.push(parseChoice(choice, position, limits, ids, baseURL));
  }
  if (choices.length > 1) choices.sort((x, y) => x.index - y.index);
  if (choices.length === 0)
    throw new ProtocolError("The reply has no choices: the server sent neither text nor tool calls.");
  return { choices, usage: parseUsage(b.usage), raw: body };
}
