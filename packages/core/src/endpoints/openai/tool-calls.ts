import { randomBytes } from "node:crypto";
import type { ToolCall } from "../../context/tool-call.js";
import { isPlainObject, setOwn, type JSONObject } from "../../json.js";
import { functionCall, parseToolArguments, type ArgumentLimits } from "../tool-arguments.js";

/** Keys of an OpenAI tool call that tooltype reads itself; any other key is a provider extra. */
const knownCallKeys = new Set(["id", "type", "function", "custom", "index"]);

/** A plain JSON object, or undefined. */
export function asObject(value: unknown): JSONObject | undefined {
  return isPlainObject(value) ? (value as JSONObject) : undefined;
}

/** A non-empty string, or undefined. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Hands out call ids within one reply: the server's id when it sent a usable one that is not
 * taken yet, else a synthetic `call_…` (so two calls never share an id).
 */
export class CallIds {
  private readonly used = new Set<string>();

  /** The id to use for a call whose server id is `received`. */
  take(received: string | undefined): string {
    let id = received;
    while (id === undefined || this.used.has(id)) id = `call_${randomBytes(12).toString("hex")}`;
    this.used.add(id);
    return id;
  }
}

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
    const call: ToolCall = {
      id: ids.take(nonEmptyString(wire.id)),
      type: "custom",
      name: typeof custom?.name === "string" ? custom.name : "",
      arguments: {},
      rawArguments:
        typeof input === "string" ? input : input === undefined || input === null ? "" : JSON.stringify(input),
    };
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
