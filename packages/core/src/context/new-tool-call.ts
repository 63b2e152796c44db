import type { JSONObject } from "../json.js";
import type { ToolCall } from "../policy/tool-call.js";

type CallFields = Pick<ToolCall, "id" | "type" | "name" | "arguments" | "rawArguments">;

interface CallConstructor {
  new (id: string, type: ToolCall["type"], name: string, args: JSONObject | null, rawArguments: string): ToolCall;
  prototype: object;
}

// A plain object like the literal `{ id, type, name, arguments, rawArguments }` (Object.prototype,
// same own keys in the same order), but made by a constructor: V8 then sizes the object for the
// fields a call gets afterwards (policyResult, binding, started, result) instead of adding a
// separate property store for them, 32 bytes less per call a long conversation keeps
// (`node --expose-gc bench/long-heap.mjs tooltype 2000`: the call object 64 + 64 → 96 B).
const CallObject = function ToolCall(
  this: CallFields,
  id: string,
  type: ToolCall["type"],
  name: string,
  args: JSONObject | null,
  rawArguments: string,
) {
  this.id = id;
  this.type = type;
  this.name = name;
  this.arguments = args;
  this.rawArguments = rawArguments;
} as unknown as CallConstructor;
CallObject.prototype = Object.prototype;

/** A new tool call with no decision yet: a plain object with exactly these five keys. */
export function newToolCall(
  id: string,
  type: ToolCall["type"],
  name: string,
  args: JSONObject | null,
  rawArguments: string,
): ToolCall {
  return new CallObject(id, type, name, args, rawArguments);
}
