import { newToolCall } from "../context/new-tool-call.js";
import { parseToolArguments, type ParsedArguments } from "../endpoints/tool-arguments.js";
import { functionCall } from "../endpoints/tool-calls.js";
import type { ToolCall } from "../policy/tool-call.js";
import type { InputLimits } from "../tools/input-limits.js";
import { thrownMessage } from "../tools/result-conversion.js";

/**
 * A new call whose input arrived as data rather than in a model's reply: a text is a free-text
 * call's input; anything else is read under `limits` as an endpoint reads a reply's arguments
 * (too large, too deep, not a JSON object or holding unusable values: `argumentError` says why).
 */
export function newCallOf(id: string, name: string, input: unknown, limits: InputLimits): ToolCall {
  if (typeof input === "string") return newToolCall(id, "custom", name, null, input);
  let parsed: ParsedArguments;
  try {
    parsed = parseToolArguments(input, limits);
  } catch (error) {
    // JSON.stringify gives up on arguments nested past the engine's stack: unusable, like any other.
    parsed = {
      arguments: null,
      rawArguments: "",
      argumentError: `The arguments could not be read (${thrownMessage(error)}). Send one JSON object.`,
    };
  }
  return functionCall(id, name, parsed);
}
