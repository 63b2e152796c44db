// What every provider's reply reader shares: call ids, the function-call builder, visible text.
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
