import { newToolCall } from "../../context/new-tool-call.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { asObject, type JSONObject, type JSONValue } from "../../json.js";
import { parseToolArguments, type ArgumentLimits } from "../tool-arguments.js";
import { CallIds, functionCall, nonEmptyString } from "../tool-calls.js";
import type { ReplyRecord } from "./provider-data.js";

/** Item types tooltype reads itself; every other item is kept as it came and sent back. */
export const readItemTypes: ReadonlySet<string> = new Set([
  "message",
  "function_call",
  "custom_tool_call",
  "reasoning",
]);

/** What a reply's output items say, read in their order. */
export interface ReadOutput {
  /** The text of the message items' `output_text` parts, joined; `""` when there is none. */
  text: string;
  /** The text of their `refusal` parts, joined. */
  refusal: string;
  /** The reasoning items' text: their `reasoning_text` content, else their summaries. */
  reasoning: string;
  /** The calls of function and custom tools, in order. */
  toolCalls: ToolCall[];
  /** What the assistant message keeps of the output (provider-data.ts). */
  record: ReplyRecord;
}

const cutOff =
  "The reply was cut off while this call's arguments were being written (status incomplete), so it was not run. Send it again.";

/** The texts of `parts` (an array of `{ type, [key] }`) whose type is one of `types`, joined by `separator`. */
function partsText(parts: JSONValue | undefined, types: readonly string[], key: string, separator = ""): string {
  // A bare string (some gateways' shorthand) is text, never a refusal.
  if (!Array.isArray(parts)) return typeof parts === "string" && key === "text" ? parts : "";
  const texts: string[] = [];
  for (const value of parts) {
    const part = asObject(value);
    const text = part?.[key];
    if (part !== undefined && typeof part.type === "string" && types.includes(part.type) && typeof text === "string")
      texts.push(text);
  }
  return texts.join(separator);
}

/** A reasoning item's text: its `reasoning_text` content (llama.cpp, vLLM), else its summaries (OpenAI, Ollama). */
export function reasoningText(item: JSONObject): string {
  const content = partsText(item.content, ["reasoning_text", "text"], "text");
  return content !== "" ? content : partsText(item.summary, ["summary_text"], "text", "\n\n");
}

function readFunctionCall(item: JSONObject, limits: ArgumentLimits, ids: CallIds): ToolCall {
  const id = ids.take(nonEmptyString(item.call_id) ?? nonEmptyString(item.id));
  const name = typeof item.name === "string" ? item.name : "";
  if (item.status === "incomplete")
    return functionCall(id, name, {
      arguments: null,
      rawArguments: String(item.arguments ?? ""),
      argumentError: cutOff,
    });
  return functionCall(id, name, parseToolArguments(item.arguments, limits));
}

function readCustomCall(item: JSONObject, ids: CallIds): ToolCall {
  const input = item.input;
  const text = typeof input === "string" ? input : input === undefined || input === null ? "" : JSON.stringify(input);
  const name = typeof item.name === "string" ? item.name : "";
  return newToolCall(ids.take(nonEmptyString(item.call_id) ?? nonEmptyString(item.id)), "custom", name, {}, text);
}

/** A call's entry in the kept output: which call it was (by the id it has in the conversation) and its item id. */
function callReference(item: JSONObject, call: ToolCall): JSONObject {
  const reference: JSONObject = { type: item.type as string, call_id: call.id };
  if (typeof item.id === "string" && item.id !== "") reference.id = item.id;
  return reference;
}

/**
 * Reads the `output` items of a response in order (docs/wire-format.md, "Responses"): assistant
 * message items give text and refusal parts; `function_call` and `custom_tool_call` items give
 * calls (ids from `call_id`, made unique; arguments read as for every provider; a call whose item
 * is `incomplete` was cut and is unusable); reasoning items give reasoning; every other item (a
 * server-side tool's, a type tooltype does not know) and every entry that is not an object are
 * kept for the record only. Nothing here throws on a malformed item.
 */
export function readOutputItems(output: readonly JSONValue[], limits: ArgumentLimits): ReadOutput {
  const ids = new CallIds();
  const read: ReadOutput = {
    text: "",
    refusal: "",
    reasoning: "",
    toolCalls: [],
    record: { output: [], needed: false },
  };
  const reasoning: string[] = [];
  for (const value of output) {
    const item = asObject(value);
    if (item === undefined) continue;
    const type = typeof item.type === "string" ? item.type : "";
    if (type === "message" && (item.role === undefined || item.role === "assistant")) {
      read.text += partsText(item.content, ["output_text", "text"], "text");
      read.refusal += partsText(item.content, ["refusal"], "refusal");
      read.record.output.push(item);
      if (item.phase !== undefined && item.phase !== null) read.record.needed = true;
    } else if (type === "function_call" || type === "custom_tool_call") {
      const call = type === "function_call" ? readFunctionCall(item, limits, ids) : readCustomCall(item, ids);
      read.toolCalls.push(call);
      read.record.output.push(callReference(item, call));
    } else {
      if (type === "reasoning") {
        const text = reasoningText(item);
        if (text !== "") reasoning.push(text);
      }
      // Kept whole and sent back: reasoning, server-side tools' items, types not known yet.
      if (type !== "") read.record.output.push(item);
      read.record.needed ||= type !== "";
    }
  }
  read.reasoning = reasoning.join("\n\n");
  return read;
}
