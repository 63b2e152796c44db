import type { Message, ToolMessage } from "../../context/message.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { isPlainObject, type JSONObject } from "../../json.js";
import { modelParts, type CallPart } from "./model-parts.js";
import { customToolInputKey } from "./tools.js";
import type { GeminiWireContent, GeminiWireFunctionResponse, GeminiWirePart } from "./wire.js";

/** A conversation in the Gemini API's shape: the system text apart, then `user` and `model` contents. */
export interface GeminiHistory {
  /** The system messages, joined by a blank line; undefined when there is none. */
  system: string | undefined;
  contents: GeminiWireContent[];
}

/** What a call that never got an answer is answered with, so every function call has its response. */
export const missingResultText = "No result was recorded for this call: it was not run.";

function objectOf(text: string): JSONObject | undefined {
  if (text.trim() === "") return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? (value as JSONObject) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `args` a call goes back with: as the model sent them (its raw arguments, when they are an
 * object), else the arguments read, else `{}`; a custom call's text as `{ input }`.
 */
function argsOf(call: ToolCall): JSONObject {
  if (call.type === "custom") return { [customToolInputKey]: call.rawArguments };
  return objectOf(call.rawArguments) ?? call.arguments ?? {};
}

function functionCallPart(call: ToolCall, wireId: string | undefined, signature: string | undefined): GeminiWirePart {
  const functionCall =
    wireId === undefined
      ? { name: call.name, args: argsOf(call) }
      : { name: call.name, args: argsOf(call), id: wireId };
  const part: GeminiWirePart = { functionCall };
  if (signature !== undefined) part.thoughtSignature = signature;
  return part;
}

function functionResponse(call: CallPart, content: string, isError: boolean): GeminiWirePart {
  if (call.malformed) return { text: content };
  const response: GeminiWireFunctionResponse = {
    name: call.call.name,
    response: isError ? { error: content } : { output: content },
  };
  if (call.wireId !== undefined) response.id = call.wireId;
  return { functionResponse: response };
}

/** The answers owed to one model turn's calls, gathered until the next model turn. */
class OwedResults {
  readonly #calls: readonly CallPart[];
  readonly #results = new Map<string, GeminiWirePart>();
  readonly #after: GeminiWirePart[] = [];

  constructor(calls: readonly CallPart[]) {
    this.#calls = calls;
  }

  /** Takes a tool message; false when it answers none of these calls (or one already answered). */
  answer(message: ToolMessage): boolean {
    const call = this.#calls.find((c) => c.call.id === message.callId);
    if (call === undefined || this.#results.has(message.callId)) return false;
    this.#results.set(message.callId, functionResponse(call, message.content, message.isError));
    return true;
  }

  /** Queues user parts that came after the calls. */
  add(parts: readonly GeminiWirePart[]): void {
    this.#after.push(...parts);
  }

  /** The user content that answers the calls: one response per call, in the calls' order, before any text. */
  close(): GeminiWirePart[] {
    const results = this.#calls.map(
      (call) => this.#results.get(call.call.id) ?? functionResponse(call, missingResultText, true),
    );
    return [...results, ...this.#after];
  }
}

/** A tool message that answers no open call: kept, as text, so nothing the model should see is lost. */
function strayResult(message: ToolMessage): GeminiWirePart[] {
  return [
    {
      text: `Result of tool ${message.name} for call ${message.callId}${message.isError ? " (an error)" : ""}: ${message.content}`,
    },
  ];
}

/**
 * Translates the provider-neutral history into `contents` (docs/gemini.md, "From Context to
 * contents"): system messages become `systemInstruction`; user text a `user` content; an
 * assistant message a `model` content whose parts are the ones the model sent (thoughts, text,
 * function calls, other parts, each with its signature; see `modelParts`); the calls of one model
 * turn are answered, each exactly once and in their order, by `functionResponse` parts in the
 * `user` content right after it (a missing answer becomes an error response), before any user
 * text; consecutive contents of one role are merged; empty text is left out.
 */
export function geminiHistory(messages: readonly Message[]): GeminiHistory {
  const system: string[] = [];
  const contents: GeminiWireContent[] = [];
  let open: OwedResults | undefined;

  const push = (role: "user" | "model", parts: readonly GeminiWirePart[]): void => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts: [...parts] });
  };
  const user = (parts: readonly GeminiWirePart[]): void => (open ? open.add(parts) : push("user", parts));
  const close = (): void => {
    if (open) push("user", open.close());
    open = undefined;
  };

  for (const message of messages) {
    switch (message.role) {
      case "system":
        system.push(message.content);
        break;
      case "user":
        if (message.content !== "") user([{ text: message.content }]);
        break;
      case "tool":
        if (!open?.answer(message)) user(strayResult(message));
        break;
      case "assistant": {
        close();
        const { parts, calls } = modelParts(message, functionCallPart);
        push("model", parts);
        if (calls.length > 0) open = new OwedResults(calls);
        break;
      }
    }
  }
  close();
  const joined = system.join("\n\n");
  return { system: joined.trim() === "" ? undefined : joined, contents };
}
