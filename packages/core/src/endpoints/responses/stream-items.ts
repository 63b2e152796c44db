import { asObject, type JSONObject, type JSONValue } from "../../json.js";
import { nonEmptyString } from "../tool-calls.js";

/** One output item of a stream as it is being assembled. */
export class StreamItem {
  /** The item as `output_item.added` gave it, replaced by the one `output_item.done` gives. */
  item: JSONObject;
  /** Whether `output_item.done` came for it. */
  done = false;
  /** Message text and refusal parts, and reasoning summary and text parts, by their index. */
  readonly text = new Map<number, string>();
  readonly refusal = new Map<number, string>();
  readonly summary = new Map<number, string>();
  readonly reasoning = new Map<number, string>();
  /** A call's argument (or custom input) deltas joined, and the whole text a `.done` event gave. */
  args = "";
  argsDone: string | undefined;
  /** What was reported through events: text and arguments (a `.done` reports only the rest). */
  reportedText = "";
  reportedArgs = "";
  /** Whether the call was announced (its id and name) or the server item reported. */
  announced = false;

  constructor(
    /** Its place in the output (`output_index`, or the next free one). */
    readonly key: number,
    item: JSONObject,
  ) {
    this.item = item;
  }

  get type(): string {
    return typeof this.item.type === "string" ? this.item.type : "";
  }

  /** The call's arguments (or custom input): the done item's, else a `.done` event's, else the deltas joined. */
  argumentsText(): JSONValue {
    const field = this.type === "custom_tool_call" ? "input" : "arguments";
    const given = this.item[field];
    if (this.done && given !== undefined && given !== null && given !== "") return given;
    return this.argsDone !== undefined && this.argsDone !== "" ? this.argsDone : this.args;
  }

  /** The message text as far as known: the done item's `output_text` parts, else the parts assembled. */
  messageText(): string {
    const content = this.item.content;
    if (this.done && Array.isArray(content) && content.length > 0) {
      let text = "";
      for (const value of content) {
        const part = asObject(value);
        if (part?.type === "output_text" && typeof part.text === "string") text += part.text;
      }
      return text;
    }
    return joined(this.text);
  }

  /** The item as it ends the stream: what the server said last, completed with the parts it streamed. */
  final(): JSONObject {
    const item: JSONObject = { ...this.item };
    switch (this.type) {
      case "function_call":
        item.arguments = this.argumentsText();
        break;
      case "custom_tool_call":
        item.input = this.argumentsText();
        break;
      case "message":
        if (!nonEmptyArray(item.content)) item.content = messageParts(this.text, this.refusal);
        break;
      case "reasoning":
        if (!nonEmptyArray(item.summary) && !nonEmptyArray(item.content)) {
          item.summary = [...sorted(this.summary)].map((text) => ({ type: "summary_text", text }));
          if (this.reasoning.size > 0)
            item.content = [...sorted(this.reasoning)].map((text) => ({ type: "reasoning_text", text }));
        }
        break;
    }
    return item;
  }
}

function nonEmptyArray(value: JSONValue | undefined): boolean {
  return Array.isArray(value) && value.length > 0;
}

function sorted(parts: ReadonlyMap<number, string>): string[] {
  return [...parts.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
}

function joined(parts: ReadonlyMap<number, string>): string {
  return sorted(parts).join("");
}

function messageParts(text: ReadonlyMap<number, string>, refusal: ReadonlyMap<number, string>): JSONValue[] {
  const parts: { index: number; part: JSONObject }[] = [];
  for (const [index, value] of text) parts.push({ index, part: { type: "output_text", text: value, annotations: [] } });
  for (const [index, value] of refusal) parts.push({ index, part: { type: "refusal", refusal: value } });
  return parts.sort((a, b) => a.index - b.index).map(({ part }) => part);
}

/** The item type each kind of delta event belongs to, for servers that name no index and no known id. */
export const deltaItemType: Readonly<Record<string, string>> = {
  "response.output_text.delta": "message",
  "response.output_text.done": "message",
  "response.refusal.delta": "message",
  "response.refusal.done": "message",
  "response.content_part.added": "message",
  "response.content_part.done": "message",
  "response.function_call_arguments.delta": "function_call",
  "response.function_call_arguments.done": "function_call",
  "response.custom_tool_call_input.delta": "custom_tool_call",
  "response.custom_tool_call_input.done": "custom_tool_call",
  "response.reasoning_summary_text.delta": "reasoning",
  "response.reasoning_summary_text.done": "reasoning",
  "response.reasoning_summary_part.added": "reasoning",
  "response.reasoning_summary_part.done": "reasoning",
  "response.reasoning_text.delta": "reasoning",
  "response.reasoning_text.done": "reasoning",
};

/**
 * The output items of one stream, by key. An event finds its item by `output_index` first (some
 * gateways give one item a new id on every event), then by an id it was seen with (`item_id`,
 * the item's `id` or `call_id`), then, for servers that send neither, by order: an added item is
 * a new one, a done item the first of its kind not done yet, a delta the last of its kind not
 * done yet; failing all, it starts a new item.
 */
export class StreamItems {
  readonly #items = new Map<number, StreamItem>();
  readonly #aliases = new Map<string, number>();
  #nextKey = 0;

  /**
   * The item an event is about (`item`: the item it carries, if any); `kind` is the item type to
   * start when none is found; `order` how an event without index or known id finds its item.
   */
  find(event: JSONObject, item: JSONObject | undefined, kind: string, order: "new" | "first" | "last"): StreamItem {
    const index = event.output_index;
    let key = typeof index === "number" && Number.isFinite(index) ? index : this.#aliasOf(event, item);
    if (key === undefined) key = (order === "new" ? undefined : this.#open(kind, order))?.key ?? this.#nextKey;
    let state = this.#items.get(key);
    if (state === undefined) {
      state = new StreamItem(key, item !== undefined ? { ...item } : { type: kind });
      this.#items.set(key, state);
      this.#nextKey = Math.max(this.#nextKey, Math.floor(key) + 1);
    }
    this.#remember(state, event, item);
    return state;
  }

  /** Every item, by key. */
  ordered(): StreamItem[] {
    return [...this.#items.values()].sort((a, b) => a.key - b.key);
  }

  #aliasOf(event: JSONObject, item: JSONObject | undefined): number | undefined {
    for (const id of [event.item_id, item?.id, item?.call_id]) {
      const name = nonEmptyString(id);
      if (name !== undefined && this.#aliases.has(name)) return this.#aliases.get(name);
    }
    return undefined;
  }

  #open(kind: string, order: "first" | "last"): StreamItem | undefined {
    let found: StreamItem | undefined;
    for (const state of this.#items.values()) {
      if (state.done || state.type !== kind) continue;
      if (found === undefined || (order === "last" ? state.key > found.key : state.key < found.key)) found = state;
    }
    return found;
  }

  #remember(state: StreamItem, event: JSONObject, item: JSONObject | undefined): void {
    for (const id of [event.item_id, item?.id, item?.call_id, state.item.id, state.item.call_id]) {
      const name = nonEmptyString(id);
      if (name !== undefined) this.#aliases.set(name, state.key);
    }
  }
}
