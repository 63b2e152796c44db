import type { AssistantMessage } from "../../context/message.js";
import { asObject, setOwn, type JSONObject } from "../../json.js";

// Message-level fields some providers need back on later requests, kept on the stored assistant
// message as `providerData.openai = { baseURL, message: { …fields } }` and sent back only to the
// server that sent them (another server may refuse a field it does not know):
// - `reasoning_content` (DeepSeek: in thinking mode, the reasoning of an assistant message with
//   tool calls must come back on every later request, or it answers 400; vLLM and others send it too),
// - `reasoning` and `reasoning_details` (OpenRouter: reasoning blocks to keep across tool calls),
// - `extra_content` (Gemini's OpenAI-compatible endpoint: thought signatures on the message).
// None of them is ever visible text.

/** The message-level fields kept and sent back, in this order. */
export const returnedMessageKeys = ["reasoning_content", "reasoning", "reasoning_details", "extra_content"] as const;

function present(value: unknown): boolean {
  if (typeof value === "string") return value !== "";
  if (Array.isArray(value)) return value.length > 0;
  return asObject(value) !== undefined;
}

/** The fields of a reply's message that go back with it, or undefined when it has none. */
export function messageExtras(message: JSONObject): JSONObject | undefined {
  let extras: JSONObject | undefined;
  for (const key of returnedMessageKeys) {
    const value = message[key];
    if (value === undefined || !present(value)) continue;
    extras ??= {};
    extras[key] = value;
  }
  return extras;
}

/** The provider data recording `extras` as sent by the server at `baseURL`. */
export function extrasProviderData(extras: JSONObject, baseURL: string | undefined): JSONObject {
  const openai: JSONObject = { message: extras };
  if (baseURL !== undefined) openai.baseURL = baseURL;
  return { openai };
}

/**
 * The fields to send back with a stored assistant message to the server at `baseURL`: those it
 * sent itself, and only the known keys (stored data is untrusted: it may not replace `role`,
 * `content` or `tool_calls`). Undefined when there are none for that server.
 */
export function returnedFields(message: AssistantMessage, baseURL: string | undefined): JSONObject | undefined {
  const openai = asObject(message.providerData?.openai);
  if (openai === undefined || baseURL === undefined || openai.baseURL !== baseURL) return undefined;
  const stored = asObject(openai.message);
  if (stored === undefined) return undefined;
  let fields: JSONObject | undefined;
  for (const key of returnedMessageKeys) {
    if (!Object.hasOwn(stored, key) || !present(stored[key])) continue;
    fields ??= {};
    setOwn(fields, key, stored[key]);
  }
  return fields;
}
