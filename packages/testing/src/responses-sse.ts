// A scripted turn as Responses API stream events, the way OpenAI streams: response.created and
// response.in_progress, then per output item its `added` event, its parts' deltas and `done`
// events, and `output_item.done`, then response.completed (or response.incomplete). Every event
// is named by an `event:` line and numbered by `sequence_number`; no `[DONE]` follows.
import { responseItems, responseObject } from "./responses-json.js";
import type { ScriptedTurn } from "./turn.js";
import { splitText, type RenderContext, type SseEvent } from "./wire-format.js";

type Item = Record<string, unknown>;

/** Collects the events of one stream, numbering them. */
class Events {
  readonly list: SseEvent[] = [];
  #sequence = 0;

  emit(type: string, fields: Item): void {
    this.list.push({ event: type, data: { type, ...fields, sequence_number: this.#sequence++ } });
  }
}

function reasoningEvents(events: Events, item: Item, at: Item, turn: ScriptedTurn): void {
  events.emit("response.output_item.added", { ...at, item: { id: item.id, type: "reasoning", summary: [] } });
  const summaries = item.summary as { text: string }[];
  summaries.forEach(({ text }, summary_index) => {
    const part = { type: "summary_text", text: "" };
    events.emit("response.reasoning_summary_part.added", { item_id: item.id, ...at, summary_index, part });
    for (const delta of splitText(text, turn.deltaSize))
      events.emit("response.reasoning_summary_text.delta", { item_id: item.id, ...at, summary_index, delta });
    events.emit("response.reasoning_summary_text.done", { item_id: item.id, ...at, summary_index, text });
    events.emit("response.reasoning_summary_part.done", {
      item_id: item.id,
      ...at,
      summary_index,
      part: { ...part, text },
    });
  });
}

function messageEvents(events: Events, item: Item, at: Item, turn: ScriptedTurn): void {
  events.emit("response.output_item.added", { ...at, item: { ...item, status: "in_progress", content: [] } });
  (item.content as Item[]).forEach((part, content_index) => {
    const where = { item_id: item.id, ...at, content_index };
    const refusal = part.type === "refusal";
    const empty = refusal ? { type: "refusal", refusal: "" } : { type: "output_text", text: "", annotations: [] };
    events.emit("response.content_part.added", { ...where, part: empty });
    const text = (refusal ? part.refusal : part.text) as string;
    for (const delta of splitText(text, turn.deltaSize))
      events.emit(refusal ? "response.refusal.delta" : "response.output_text.delta", {
        ...where,
        delta,
        ...(refusal ? {} : { logprobs: [] }),
      });
    if (refusal) events.emit("response.refusal.done", { ...where, refusal: text });
    else events.emit("response.output_text.done", { ...where, text, logprobs: [] });
    events.emit("response.content_part.done", { ...where, part });
  });
}

function functionCallEvents(events: Events, item: Item, at: Item, turn: ScriptedTurn): void {
  events.emit("response.output_item.added", { ...at, item: { ...item, status: "in_progress", arguments: "" } });
  // Arguments scripted as an object are sent whole in the items, as a server that sends objects would.
  if (typeof item.arguments !== "string") return;
  for (const delta of splitText(item.arguments, turn.deltaSize))
    events.emit("response.function_call_arguments.delta", { item_id: item.id, ...at, delta });
  events.emit("response.function_call_arguments.done", { item_id: item.id, ...at, arguments: item.arguments });
}

/** Renders the events of a turn. */
export function renderResponsesEvents(turn: ScriptedTurn, context: RenderContext): SseEvent[] {
  const events = new Events();
  const items = responseItems(turn, context);
  events.emit("response.created", { response: responseObject(turn, context, [], "in_progress") });
  events.emit("response.in_progress", { response: responseObject(turn, context, [], "in_progress") });
  items.forEach((item, output_index) => {
    const at = { output_index };
    if (item.type === "reasoning") reasoningEvents(events, item, at, turn);
    else if (item.type === "message") messageEvents(events, item, at, turn);
    else functionCallEvents(events, item, at, turn);
    events.emit("response.output_item.done", { ...at, item });
  });
  const response = responseObject(turn, context, items);
  events.emit(response.status === "incomplete" ? "response.incomplete" : "response.completed", { response });
  return events.list;
}
