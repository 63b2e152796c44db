// What every provider shares about calls: ids, the function-call builder, visible text, the arguments a call goes back with.
import { newToolCall } from "../context/new-tool-call.js";
import type { ToolCall } from "../policy/tool-call.js";
import { newCallId } from "../tools/call-id.js";
import type { ParsedArguments } from "./tool-arguments.js";

/** A non-empty string, or undefined. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Hands out call ids within one reply: the server's id when it sent a usable one that is not
 * taken yet, else a new one from the library's one scheme (`newCallId`), so two calls never
 * share an id.
 */
export class CallIds {
  private readonly used = new Set<string>();

  /** The id to use for a call whose server id is `received`. */
  take(received: string | undefined): string {
    let id = received;
    while (id === undefined || id === "" || this.used.has(id)) id = newCallId();
    this.used.add(id);
    return id;
  }
}

/** The function call `name` with id `id` and these read arguments (their `argumentError` too, when unusable). */
export function functionCall(id: string, name: string, parsed: ParsedArguments): ToolCall {
  const call = newToolCall(id, "function", name, parsed.arguments, parsed.rawArguments);
  if (parsed.argumentError !== undefined) call.argumentError = parsed.argumentError;
  return call;
}

/** Visible text: `null` when absent, empty or whitespace only; otherwise exactly as sent. */
export function visibleText(text: string | null | undefined): string | null {
  return typeof text === "string" && text.trim() !== "" ? text : null;
}

/**
 * The arguments text a call goes back with: as the model sent it when it was usable as sent;
 * `{}` when it was unusable (servers that parse the history answer 500 to invalid JSON, `5E549`
 * or a lone surrogate; the call's error result tells the model what went wrong, and
 * `rawArguments` keeps the text for inspection), and for empty text; the repaired arguments when
 * they were repaired.
 */
export function replayedArguments(call: ToolCall): string {
  if (call.arguments === null || call.rawArguments.trim() === "") return "{}";
  return call.repaired !== undefined ? JSON.stringify(call.arguments) : call.rawArguments;
}
