import type { AssistantMessage, Message, ToolMessage } from "../../context/message.js";
import type { ToolCall } from "../../policy/tool-call.js";
import { replayedArguments, visibleText } from "../tool-calls.js";
import { callItemTypes, keptOutput, storedResponseId } from "./provider-data.js";
import type {
  ResponsesWireAssistantMessage,
  ResponsesWireCustomCall,
  ResponsesWireFunctionCall,
  ResponsesWireInputItem,
} from "./wire.js";

/** A conversation in the Responses API's shape. */
export interface ResponsesInput {
  /** The system messages that open the conversation, joined by a blank line; undefined when there is none. */
  instructions: string | undefined;
  /** Every other message as input items, in order. */
  input: ResponsesWireInputItem[];
  /** The response the server continues from (`serverState`): `input` then holds only what came after it. */
  previousResponseId?: string;
}

/** What a call that never got an answer is answered with, so the server sees every call answered. */
export const missingOutputText = "No result was recorded for this call: it was not run.";

function callItem(call: ToolCall, itemId: unknown): ResponsesWireFunctionCall | ResponsesWireCustomCall {
  const item: ResponsesWireFunctionCall | ResponsesWireCustomCall =
    call.type === "custom"
      ? { type: "custom_tool_call", call_id: call.id, name: call.name, input: call.rawArguments }
      : { type: "function_call", call_id: call.id, name: call.name, arguments: replayedArguments(call) };
  if (typeof itemId === "string" && itemId !== "") item.id = itemId;
  return item;
}

function assistantText(text: string): ResponsesWireAssistantMessage {
  return { type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] };
}

/**
 * An assistant message's items: for the server that wrote it, its kept output in order (reasoning,
 * server tools' items, messages as received) with each call rebuilt from the message's own call;
 * for any other server, its text (or refusal) then its calls. Calls no kept entry placed go last.
 */
function assistantItems(message: AssistantMessage, baseURL: string): ResponsesWireInputItem[] {
  const calls = message.toolCalls ?? [];
  const text = visibleText(message.content ?? message.refusal);
  const kept = keptOutput(message, baseURL);
  if (kept === undefined)
    return [...(text === null ? [] : [assistantText(text)]), ...calls.map((c) => callItem(c, undefined))];
  const items: ResponsesWireInputItem[] = [];
  const placed = new Set<ToolCall>();
  for (const entry of kept) {
    if (!callItemTypes.has(entry.type)) {
      items.push(entry);
      continue;
    }
    const call = calls.find((c) => c.id === entry.call_id);
    if (call === undefined || placed.has(call)) continue;
    placed.add(call);
    items.push(callItem(call, entry.id));
  }
  if (text !== null && !kept.some((entry) => entry.type === "message")) items.push(assistantText(text));
  for (const call of calls) if (!placed.has(call)) items.push(callItem(call, undefined));
  return items;
}

/** The calls of one assistant message still owed a result, until the next message that is not a result. */
class OpenCalls {
  readonly #owed: ToolCall[];

  constructor(calls: readonly ToolCall[]) {
    this.#owed = [...calls];
  }

  /** The output item answering `message`, or undefined when it answers none of the calls still owed. */
  answer(message: ToolMessage): ResponsesWireInputItem | undefined {
    const at = this.#owed.findIndex((call) => call.id === message.callId);
    if (at < 0) return undefined;
    const [call] = this.#owed.splice(at, 1);
    return outputItem(call!, message.content);
  }

  /** Outputs for the calls left unanswered: every call the server saw gets one. */
  close(): ResponsesWireInputItem[] {
    return this.#owed.splice(0).map((call) => outputItem(call, missingOutputText));
  }
}

function outputItem(call: ToolCall, output: string): ResponsesWireInputItem {
  const type = call.type === "custom" ? "custom_tool_call_output" : "function_call_output";
  return { type, call_id: call.id, output };
}

/** A result that answers no open call: kept, as the user's text, so nothing the model should see is lost. */
function strayResult(message: ToolMessage): ResponsesWireInputItem {
  const content = `Result of tool ${message.name} for call ${message.callId}${message.isError ? " (an error)" : ""}: ${message.content}`;
  return { type: "message", role: "user", content };
}

/** Where sending starts: after the opening system messages, or after the last reply the server keeps. */
function startOf(messages: readonly Message[], baseURL: string, serverState: boolean, opening: number) {
  if (serverState) {
    for (let i = messages.length - 1; i >= opening; i--) {
      const message = messages[i]!;
      if (message.role !== "assistant") continue;
      const id = storedResponseId(message, baseURL);
      if (id !== undefined) return { index: i + 1, previousResponseId: id, open: message.toolCalls ?? [] };
    }
  }
  return { index: opening, previousResponseId: undefined, open: [] };
}

/**
 * Translates the provider-neutral history into the Responses API's input (docs/wire-format.md,
 * "Responses"): the opening system messages become `instructions`; a later system message, a user
 * message become message items; an assistant message its items (see `assistantItems`); each result
 * a `function_call_output` (or `custom_tool_call_output`) with its call's `call_id`. Every call is
 * answered exactly once (a missing result becomes an error text before the next message), and a
 * result that answers no call goes as user text. With `serverState`, a conversation whose last
 * kept reply came from this server continues from it: only the messages after it are sent.
 */
export function responsesInput(messages: readonly Message[], baseURL: string, serverState = false): ResponsesInput {
  let opening = 0;
  while (messages[opening]?.role === "system") opening++;
  const system = messages.slice(0, opening).map((message) => message.content);
  const joined = system.join("\n\n");
  const start = startOf(messages, baseURL, serverState, opening);
  const input: ResponsesWireInputItem[] = [];
  let open = new OpenCalls(start.open);
  for (let i = start.index; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === "tool") {
      input.push(open.answer(message) ?? strayResult(message));
      continue;
    }
    input.push(...open.close());
    if (message.role === "assistant") {
      input.push(...assistantItems(message, baseURL));
      open = new OpenCalls(message.toolCalls ?? []);
    } else input.push({ type: "message", role: message.role, content: message.content });
  }
  input.push(...open.close());
  const result: ResponsesInput = { instructions: joined.trim() === "" ? undefined : joined, input };
  if (start.previousResponseId !== undefined) result.previousResponseId = start.previousResponseId;
  return result;
}
