import type { AssistantMessage } from "../../context/message.js";
import { asObject, type JSONObject, type JSONValue } from "../../json.js";
import type { ResponsesWireKeptItem } from "./wire.js";

// What an assistant message keeps of a Responses reply, as provider data:
//   providerData.responses = { baseURL, output?: [entry, …], responseId?, stored? }
// `output` holds the reply's output items in their order when the conversation's own fields
// cannot say them again: reasoning items (their ids, encrypted content and summaries), items of
// server-side tools and of types tooltype does not know, message items with a `phase`. Message
// and kept items are stored as received; a call is stored as a reference (`type`, `call_id` of
// the message's tool call, and the item `id`), its name and arguments staying on the call. It all
// goes back, in order, only to the server at `baseURL`. `responseId` and `stored: true` mark a
// reply the server keeps (`serverState`): later requests continue from it.

/** Item types a reply's output holds that the message's own fields say (text, calls). */
export const callItemTypes: ReadonlySet<string> = new Set(["function_call", "custom_tool_call"]);

/** Item types never sent back from provider data: the conversation's own messages say them. */
const neverKept = new Set(["function_call_output", "custom_tool_call_output", "item_reference"]);

/** What one reply contributes to its assistant message's provider data. */
export interface ReplyRecord {
  /** The output entries in order (kept items, messages, call references). */
  output: JSONObject[];
  /** Whether any entry needs keeping (a reasoning item, an unknown item, a message with a phase, …). */
  needed: boolean;
  /** The response's id, when the server keeps the response. */
  responseId?: string;
}

/** The provider data recording `record` as sent by the server at `baseURL`; undefined when there is nothing to keep. */
export function responsesProviderData(record: ReplyRecord, baseURL: string): JSONObject | undefined {
  if (!record.needed && record.responseId === undefined) return undefined;
  const responses: JSONObject = { baseURL };
  if (record.needed) responses.output = record.output;
  if (record.responseId !== undefined) {
    responses.responseId = record.responseId;
    responses.stored = true;
  }
  return { responses };
}

function ownData(message: AssistantMessage, baseURL: string): JSONObject | undefined {
  const data = asObject(message.providerData?.responses);
  return data !== undefined && data.baseURL === baseURL ? data : undefined;
}

function keptEntry(value: JSONValue): ResponsesWireKeptItem | undefined {
  const entry = asObject(value);
  if (entry === undefined || typeof entry.type !== "string" || neverKept.has(entry.type)) return undefined;
  // A message entry stands for the assistant's own text: stored data may not turn it into a user's.
  if (entry.type === "message" && (entry.role !== "assistant" || !Array.isArray(entry.content))) return undefined;
  if (callItemTypes.has(entry.type) && typeof entry.call_id !== "string") return undefined;
  return entry as ResponsesWireKeptItem;
}

/** Whether a reasoning item can go back on its own: it carries its encrypted content, or its text. */
function selfContained(entry: JSONObject): boolean {
  const encrypted = entry.encrypted_content;
  return (
    (typeof encrypted === "string" && encrypted !== "") || (Array.isArray(entry.content) && entry.content.length > 0)
  );
}

function withoutId(entry: ResponsesWireKeptItem): ResponsesWireKeptItem {
  const { id: _id, ...rest } = entry;
  return rest as ResponsesWireKeptItem;
}

/**
 * The output entries kept on `message` by the server at `baseURL`, checked (provider data may
 * come from stored, untrusted JSON: entries that could pass for another message or a tool result
 * are dropped); undefined when it kept none. A reasoning item with neither encrypted content nor
 * text can only be found by its id on a server that stored the response: unless this one did, it
 * is left out, and so are the ids of the other entries (the server would look for the reasoning
 * item they followed).
 */
export function keptOutput(message: AssistantMessage, baseURL: string): ResponsesWireKeptItem[] | undefined {
  const data = ownData(message, baseURL);
  const output = data?.output;
  if (!Array.isArray(output)) return undefined;
  const entries: ResponsesWireKeptItem[] = [];
  let dropped = false;
  for (const value of output) {
    const entry = keptEntry(value);
    if (entry === undefined) continue;
    if (entry.type === "reasoning" && data?.stored !== true && !selfContained(entry)) dropped = true;
    else entries.push(entry);
  }
  return dropped ? entries.map((entry) => (entry.type === "reasoning" ? entry : withoutId(entry))) : entries;
}

/** The id of the response `message` came from, when the server at `baseURL` keeps it. */
export function storedResponseId(message: AssistantMessage, baseURL: string): string | undefined {
  const data = ownData(message, baseURL);
  return data?.stored === true && typeof data.responseId === "string" && data.responseId !== ""
    ? data.responseId
    : undefined;
}
