import { newToolCall } from "../../context/new-tool-call.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { asObject, setOwn, type JSONObject } from "../../json.js";
import { parseToolArguments, type ArgumentLimits } from "../tool-arguments.js";
import { functionCall, nonEmptyString, type CallIds } from "../tool-calls.js";

/** Keys of an OpenAI tool call that tooltype reads itself; any other key is a provider extra. */
const knownCallKeys = new Set(["id", "type", "function", "custom", "index"]);

function extrasOf(wire: JSONObject): JSONObject | undefined {
  let extra: JSONObject | undefined;
  for (const key of Object.keys(wire)) {
    if (knownCallKeys.has(key)) continue;
    extra ??= {};
    setOwn(extra, key, wire[key]);
  }
  return extra;
}

/**
 * Reads one entry of `message.tool_calls`: a function call (`function.name`, `function.arguments`,
 * id also accepted in `function.id`) or a custom call (`custom.name`, `custom.input`: the raw text).
 * Unknown keys of the call (Gemini's `extra_content`) are kept in `extra` to be sent back with it.
 */
export function parseOpenAIToolCall(wire: JSONObject, limits: ArgumentLimits, ids: CallIds): ToolCall {
  const fn = asObject(wire.function);
  const custom = asObject(wire.custom);
  const extra = extrasOf(wire);
  if (wire.type === "custom" || (custom !== undefined && fn === undefined)) {
    const input = custom?.input;
    const call = newToolCall(
      ids.take(nonEmptyString(wire.id)),
      "custom",
      typeof custom?.name === "string" ? custom.name : "",
      {},
      typeof input === "string" ? input : input === undefined || input === null ? "" : JSON.stringify(input),
    );
    if (extra) call.extra = extra;
    return call;
  }
  const parsed = parseToolArguments(fn?.arguments, limits);
  const call = functionCall(
    ids.take(nonEmptyString(wire.id) ?? nonEmptyString(fn?.id)),
    typeof fn?.name === "string" ? fn.name : "",
    parsed,
  );
  if (extra) call.extra = extra;
  return call;
}
