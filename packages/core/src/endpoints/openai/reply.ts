import type { ToolCall } from "../../policy/tool-call.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, type JSONObject } from "../../json.js";
import { restoreOmittedArguments } from "../../schema/strict-schema-nulls.js";
import type { StrictSchemaResult } from "../../schema/strict-schema.js";
import type { CompletionChoice, EndpointReply, Usage } from "../model-endpoint.js";
import { errorMessageOf } from "../http/errors.js";
import { readQwenChoice } from "../qwen/dialect.js";
import type { ToolSchemas } from "../qwen/tool-calls.js";
import { checkReplyDepth } from "../reply-depth.js";
import { CallIds, nonEmptyString, visibleText } from "../tool-calls.js";
import type { ArgumentLimits } from "../tool-arguments.js";
import { contentReasoning } from "./content-parts.js";
import { extrasProviderData, messageExtras } from "./message-extras.js";
import { openAIAnswer, type OpenAIOutput } from "./response-format.js";
import { parseOpenAIToolCall } from "./tool-calls.js";

/** What reading a chat completion needs besides the body: the limits, and what the request asked for. */
export interface OpenAIReplyOptions extends ArgumentLimits {
  /** The endpoint's base URL: message extras are kept as sent by this server. */
  baseURL?: string;
  /** The strict conversions of the tools sent with `strict: true`, by name: their calls' added nulls go back to absent. */
  strict?: ReadonlyMap<string, StrictSchemaResult>;
  /** The typed answer asked for: marked on each choice that holds no call. */
  output?: OpenAIOutput;
  /** In the `qwen` dialect, the tools offered: calls written in the text are read too, typed by their schemas. */
  qwenTools?: ToolSchemas;
}

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

function parseChoice(wire: JSONObject, position: number, options: OpenAIReplyOptions, ids: CallIds): CompletionChoice {
  const message = asObject(wire.message) ?? {};
  const toolCalls: ToolCall[] = [];
  if (Array.isArray(message.tool_calls)) {
    for (const entry of message.tool_calls) {
      const call = asObject(entry);
      if (call) toolCalls.push(parseOpenAIToolCall(call, options, ids));
    }
  }
  // The legacy `function_call` is one call only when it names a function: some gateways put the
  // zero value `{ "name": "", "arguments": "" }` on every message.
  const legacy = asObject(message.function_call);
  if (legacy && toolCalls.length === 0 && nonEmptyString(legacy.name) !== undefined)
    toolCalls.push(parseOpenAIToolCall({ function: legacy }, options, ids));
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
  if (extras !== undefined) choice.providerData = extrasProviderData(extras, options.baseURL);
  // What the request asked for: calls written in the text, strict nulls mapped back, the typed answer.
  if (options.qwenTools !== undefined) readQwenChoice(choice, options.qwenTools, options, ids);
  if (options.strict !== undefined && options.strict.size > 0) restoreStrictNulls(toolCalls, options.strict);
  if (options.output !== undefined && toolCalls.length === 0) choice.output = openAIAnswer(choice.text, options.output);
  return choice;
}

/** The nulls strict mode made the model send for optional parameters, back to absent (only where the conversion added them). */
function restoreStrictNulls(calls: readonly ToolCall[], strict: ReadonlyMap<string, StrictSchemaResult>): void {
  for (const call of calls) {
    const conversion = strict.get(call.name);
    if (conversion && call.type === "function" && call.arguments)
      call.arguments = restoreOmittedArguments(call.arguments, conversion);
  }
}

/**
 * Parses a chat completion body (parsed JSON, or a stream assembled into one) into the reply the
 * loop gets, in one pass over its choices, following docs/wire-format.md: every choice, in index
 * order; text, refusal and reasoning kept apart; tool calls with their arguments read (unusable
 * ones `null`), ids unique within the reply; message-level fields the server needs back
 * (`reasoning_content`, `reasoning_details`, `extra_content`) kept as provider data naming
 * `options.baseURL`; and what the request asked for (`options`): calls written in the text
 * (`qwen` dialect), strict nulls mapped back, the typed answer marked. A body that is not a chat
 * completion is a `ProtocolError`, and so is one nested past `MAX_REPLY_DEPTH`, checked first so
 * that none of it is used; an error object sent with a success status is an `EndpointError`, even
 * beside `choices` (as in a stream); `error: null` is none.
 */
export function parseOpenAIReply(body: unknown, options: OpenAIReplyOptions): EndpointReply {
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
    if (choice) choices.push(parseChoice(choice, position, options, ids));
  }
  if (choices.length > 1) choices.sort((x, y) => x.index - y.index);
  if (choices.length === 0)
    throw new ProtocolError("The reply has no choices: the server sent neither text nor tool calls.");
  return { choices, usage: parseUsage(b.usage), raw: body };
}
