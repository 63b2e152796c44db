import type { AssistantMessage } from "../../context/message.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { asObject, type JSONObject, type JSONValue } from "../../json.js";
import type { GeminiWirePart } from "./wire.js";

// The parts of a model's content travel on the stored assistant message as provider data:
//   providerData.gemini.parts = [entry, …], one entry per part, in the model's order:
//     { text, thoughtSignature? }                 visible text (the message's content, in its parts)
//     { text, thought: true, thoughtSignature? }  a thought: reasoning, never visible text
//     { callId, id?, thoughtSignature? }          the tool call with that id (`id`: as the server sent it)
//     { callId, malformed: true }                 the call a MALFORMED_FUNCTION_CALL stands for (no part)
//     { part }                                    any other part (code execution, a server tool), verbatim
// Each `thoughtSignature` goes back exactly as received, on the part it came with: Gemini 3
// answers 400 to a function call sent back without its signature.

/**
 * The placeholder the Gemini API documents for function calls it did not write (a history from
 * another provider): it skips the signature check instead of answering 400.
 */
export const skipSignature = "skip_thought_signature_validator";

/** One stored part. */
export type StoredPart =
  | { kind: "text"; text: string; thought: boolean; signature: string | undefined }
  | { kind: "call"; callId: string; id: string | undefined; signature: string | undefined; malformed: boolean }
  | { kind: "other"; part: JSONObject };

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * The provider data recording a reply's parts (`calls[i]` is the call read from the i-th
 * function-call part; with `malformed`, the last call stands for a function call the server could
 * not read), or undefined when nothing in them needs to travel back: no signature, no thought, no
 * other kind of part, no server call id.
 */
export function recordModelParts(
  parts: readonly JSONObject[],
  calls: readonly ToolCall[],
  malformed = false,
): JSONObject | undefined {
  const entries: JSONValue[] = [];
  let needed = false;
  let next = 0;
  for (const part of parts) {
    const signature = str(part.thoughtSignature);
    if (signature !== undefined) needed = true;
    const call = asObject(part.functionCall);
    if (call !== undefined) {
      const entry: JSONObject = { callId: calls[next++]?.id ?? "" };
      const id = str(call.id);
      if (id !== undefined && id !== "") {
        entry.id = id;
        needed = true;
      }
      if (signature !== undefined) entry.thoughtSignature = signature;
      entries.push(entry);
    } else if (typeof part.text === "string" && isTextPart(part)) {
      const entry: JSONObject = { text: part.text };
      if (part.thought === true) {
        entry.thought = true;
        needed = true;
      }
      if (signature !== undefined) entry.thoughtSignature = signature;
      entries.push(entry);
    } else {
      entries.push({ part });
      needed = true;
    }
  }
  if (malformed && calls.length > next) {
    entries.push({ callId: calls[calls.length - 1]!.id, malformed: true });
    needed = true;
  }
  return needed ? { gemini: { parts: entries } } : undefined;
}

/** A part that holds text and nothing else the API defines (a signature and `thought` aside). */
export function isTextPart(part: JSONObject): boolean {
  for (const key of Object.keys(part))
    if (key !== "text" && key !== "thought" && key !== "thoughtSignature" && key !== "partMetadata") return false;
  return true;
}

/**
 * The parts stored on a message, checked (provider data may come from stored, untrusted JSON):
 * entries of no known shape are skipped. Undefined when the message has none.
 */
export function storedParts(message: AssistantMessage): StoredPart[] | undefined {
  const list = asObject(message.providerData?.gemini)?.parts;
  if (!Array.isArray(list)) return undefined;
  const parts: StoredPart[] = [];
  for (const item of list) {
    const entry = asObject(item);
    if (entry === undefined) continue;
    const signature = str(entry.thoughtSignature);
    if (typeof entry.callId === "string") {
      const id = str(entry.id);
      const malformed = entry.malformed === true;
      parts.push({ kind: "call", callId: entry.callId, id: id === "" ? undefined : id, signature, malformed });
    } else if (typeof entry.text === "string") {
      parts.push({ kind: "text", text: entry.text, thought: entry.thought === true, signature });
    } else {
      const part = asObject(entry.part);
      if (part !== undefined) parts.push({ kind: "other", part });
    }
  }
  return parts;
}

/** The reasoning of a message: its stored thought parts' text, joined. */
export function storedReasoning(message: AssistantMessage): string {
  return (storedParts(message) ?? []).map((part) => (part.kind === "text" && part.thought ? part.text : "")).join("");
}

/** How a call goes back: its name, its arguments and the id the server gave it (if any). */
export interface CallPart {
  call: ToolCall;
  /** The id on the wire, or undefined to send none (the server matches results by name and order). */
  wireId: string | undefined;
  /** A call the server could not read: it went out as text, and its answer goes as text too. */
  malformed?: true;
}

/** What the model's unreadable call goes back as: text, since it has no function call to send. */
function malformedPart(call: ToolCall): GeminiWirePart {
  return {
    text: `(A function call${call.name ? ` to ${call.name}` : ""} that could not be read: ${call.rawArguments})`,
  };
}

function textPart(text: string, signature: string | undefined, thought = false): GeminiWirePart {
  const part: GeminiWirePart = { text };
  if (thought) part.thought = true;
  if (signature !== undefined) part.thoughtSignature = signature;
  return part;
}

/**
 * The parts of an assistant message as the model sent them: stored parts in their order with
 * their signatures, the message's calls in their places. A message whose text no longer matches
 * its stored parts sends its text as one part first; calls not among the stored parts follow the
 * rest. When no call of the message carries a signature (another provider wrote it, or the model
 * signed none), the first call gets the placeholder the API documents for that case.
 */
export function modelParts(
  message: AssistantMessage,
  callPart: (call: ToolCall, wireId: string | undefined, signature: string | undefined) => GeminiWirePart,
): { parts: GeminiWirePart[]; calls: CallPart[] } {
  const stored = storedParts(message) ?? [];
  const calls = message.toolCalls ?? [];
  const byId = new Map(calls.map((call) => [call.id, call]));
  const visible = message.content ?? message.refusal ?? "";
  const storedText = stored.map((p) => (p.kind === "text" && !p.thought ? p.text : "")).join("");
  const textMatches = storedText === visible || (message.content === null && storedText.trim() === "");
  const parts: GeminiWirePart[] = [];
  const sent: CallPart[] = [];
  const signatures: Array<string | undefined> = [];
  if (!textMatches && visible !== "") parts.push(textPart(visible, undefined));
  for (const entry of stored) {
    if (entry.kind === "other") parts.push(entry.part as GeminiWirePart);
    else if (entry.kind === "text") {
      if (entry.thought || textMatches) parts.push(textPart(entry.text, entry.signature, entry.thought));
    } else {
      const call = byId.get(entry.callId);
      if (call === undefined) continue; // a call the loop took out (an answer tool's)
      byId.delete(entry.callId);
      if (entry.malformed) {
        sent.push({ call, wireId: undefined, malformed: true });
        parts.push(malformedPart(call));
        continue;
      }
      sent.push({ call, wireId: entry.id });
      signatures.push(entry.signature);
      parts.push(callPart(call, entry.id, entry.signature));
    }
  }
  for (const call of byId.values()) {
    sent.push({ call, wireId: undefined });
    signatures.push(undefined);
    parts.push(callPart(call, undefined, undefined));
  }
  if (signatures.length > 0 && signatures.every((s) => s === undefined)) {
    const first = parts.find((part) => part.functionCall !== undefined);
    if (first !== undefined) first.thoughtSignature = skipSignature;
  }
  return { parts, calls: sent };
}
