import { asObject, type JSONObject, type JSONValue } from "../../json.js";
import type { AnthropicWireAssistantBlock, AnthropicWireThinking } from "./wire.js";

// Thinking blocks travel on the assistant message as provider data:
//   providerData.anthropic.thinking = [{ after, block }, …]
// `block` is the block exactly as received (its signature included: the API rejects a changed
// one); `after` is how many visible blocks (the text, counted once, and tool_use blocks) came
// before it, so interleaved thinking goes back in its place.

/** One thinking block and where it stood among the visible blocks of its message. */
export interface AnthropicThinkingEntry {
  /** Visible blocks before it: 0 for thinking that opens the message. */
  after: number;
  /** The `thinking` or `redacted_thinking` block as received. */
  block: AnthropicWireThinking;
}

/** Whether a content block is one of the two thinking kinds. */
function isThinkingBlock(block: JSONObject | undefined): block is AnthropicWireThinking {
  return block?.type === "thinking" || block?.type === "redacted_thinking";
}

/**
 * Records the thinking blocks of a reply's content with their positions; undefined when there are
 * none. `hasText` says whether a content block counts as visible text.
 */
export function thinkingProviderData(
  content: readonly JSONValue[],
  hasText: (block: JSONObject) => boolean,
): JSONObject | undefined {
  const thinking: JSONValue[] = [];
  let visible = 0;
  let textSeen = false;
  for (const entry of content) {
    const block = asObject(entry);
    if (isThinkingBlock(block)) thinking.push({ after: visible, block });
    else if (block?.type === "tool_use") visible++;
    else if (block?.type === "text" && hasText(block) && !textSeen) {
      textSeen = true; // all text goes back as one block
      visible++;
    }
  }
  return thinking.length > 0 ? { anthropic: { thinking } } : undefined;
}

/**
 * The thinking blocks stored on a message, checked (provider data may come from stored, untrusted
 * JSON): entries that are not a thinking block are skipped, a bad position counts as 0.
 */
export function thinkingEntriesOf(providerData: JSONObject | undefined): AnthropicThinkingEntry[] {
  const list = asObject(providerData?.anthropic)?.thinking;
  if (!Array.isArray(list)) return [];
  const entries: AnthropicThinkingEntry[] = [];
  for (const item of list) {
    const entry = asObject(item);
    const block = asObject(entry?.block);
    if (!isThinkingBlock(block)) continue;
    const after = entry?.after;
    entries.push({ after: typeof after === "number" && Number.isInteger(after) && after > 0 ? after : 0, block });
  }
  return entries;
}

/** The visible blocks with the thinking blocks put back where they stood (order among them kept). */
export function withThinking(
  visible: readonly AnthropicWireAssistantBlock[],
  entries: readonly AnthropicThinkingEntry[],
): AnthropicWireAssistantBlock[] {
  if (entries.length === 0) return [...visible];
  const out: AnthropicWireAssistantBlock[] = [];
  let next = 0;
  visible.forEach((block, i) => {
    while (next < entries.length && Math.min(entries[next]!.after, visible.length) <= i)
      out.push(entries[next++]!.block);
    out.push(block);
  });
  while (next < entries.length) out.push(entries[next++]!.block);
  return out;
}
