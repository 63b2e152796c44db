import type { AssistantMessage, Message, ToolMessage } from "../../context/message.js";
import type { ToolCall } from "../../policy/tool-call.js";
import type { JSONObject } from "../../json.js";
import { thinkingEntriesOf, withThinking } from "./thinking.js";
import type {
  AnthropicWireAssistantBlock,
  AnthropicWireMessage,
  AnthropicWireText,
  AnthropicWireToolResult,
  AnthropicWireToolUse,
  AnthropicWireUserBlock,
} from "./wire.js";

/** A conversation in the Messages API's shape: the system prompt apart, roles alternating. */
export interface AnthropicHistory {
  /** The system messages, joined by a blank line; undefined when there is none. */
  system: string | undefined;
  messages: AnthropicWireMessage[];
}

/** What a call that never got an answer is answered with, so the API sees every `tool_use` answered. */
export const missingResultText = "No result was recorded for this call: it was not run.";

function textBlocks(text: string | null | undefined): AnthropicWireText[] {
  return typeof text === "string" && text.trim() !== "" ? [{ type: "text", text }] : [];
}

/** The `input` a call goes back with: its arguments, `{}` when they were unusable, a custom call's text as `{ input }`. */
function toolUseInput(call: ToolCall): JSONObject {
  if (call.type === "custom") return { input: call.rawArguments };
  return call.arguments ?? {};
}

// The API takes `tool_use` ids of letters, digits, `_` and `-` only, each once per request. Ids
// from other servers may repeat across rounds (Kimi K2's `functions.name:0`) or hold other
// characters; on the wire such an id gets a stand-in, the same in every request of the
// conversation, and the stored history keeps the id the model sent.
const wireIdPattern = /^[A-Za-z0-9_-]+$/;

/** Hands out one request's `tool_use` ids: a call's own id when the API accepts it and it is not taken yet. */
class WireIds {
  readonly #used = new Set<string>();

  take(id: string): string {
    const base = wireIdPattern.test(id) ? id : id.replace(/[^A-Za-z0-9_-]/g, "_") || "call";
    let wire = base;
    for (let n = 2; this.#used.has(wire); n++) wire = `${base}_${n}`;
    this.#used.add(wire);
    return wire;
  }
}

function toolUse(call: ToolCall, wireId: string): AnthropicWireToolUse {
  return { type: "tool_use", id: wireId, name: call.name, input: toolUseInput(call) };
}

function toolResult(message: ToolMessage, wireId: string): AnthropicWireToolResult {
  const block: AnthropicWireToolResult = { type: "tool_result", tool_use_id: wireId };
  if (message.content.trim() !== "") block.content = message.content;
  if (message.isError) block.is_error = true;
  return block;
}

/** An assistant message as content blocks: thinking where it stood, the text, then the calls. */
function assistantBlocks(message: AssistantMessage, wireIds: readonly string[]): AnthropicWireAssistantBlock[] {
  const visible: AnthropicWireAssistantBlock[] = [
    ...textBlocks(message.content ?? message.refusal),
    ...(message.toolCalls ?? []).map((call, i) => toolUse(call, wireIds[i]!)),
  ];
  return withThinking(visible, thinkingEntriesOf(message.providerData));
}

/** The answers owed to one assistant message's calls, gathered until the next assistant message. */
class OwedResults {
  readonly #calls: readonly ToolCall[];
  readonly #wireIds: readonly string[];
  readonly #results = new Map<string, AnthropicWireToolResult>();
  readonly #after: AnthropicWireUserBlock[] = [];

  /** `wireIds[i]` is the id `calls[i]` has on the wire. */
  constructor(calls: readonly ToolCall[], wireIds: readonly string[]) {
    this.#calls = calls;
    this.#wireIds = wireIds;
  }

  /** Takes a tool message; false when it answers none of these calls (or one already answered). */
  answer(message: ToolMessage): boolean {
    const at = this.#calls.findIndex((call) => call.id === message.callId);
    if (at < 0 || this.#results.has(message.callId)) return false;
    this.#results.set(message.callId, toolResult(message, this.#wireIds[at]!));
    return true;
  }

  /** Queues user content that came after the calls. */
  add(blocks: readonly AnthropicWireUserBlock[]): void {
    this.#after.push(...blocks);
  }

  /** The user message that answers the calls: one tool_result per call, in the model's order, before any text. */
  close(): AnthropicWireUserBlock[] {
    const results = this.#calls.map(
      (call, i) =>
        this.#results.get(call.id) ?? {
          type: "tool_result" as const,
          tool_use_id: this.#wireIds[i]!,
          content: missingResultText,
          is_error: true as const,
        },
    );
    return [...results, ...this.#after];
  }
}

/** A tool message that answers no open call: kept, as text, so nothing the model should see is lost. */
function strayResult(message: ToolMessage): AnthropicWireText[] {
  return textBlocks(
    `Result of tool ${message.name} for call ${message.callId}${message.isError ? " (an error)" : ""}: ${message.content}`,
  );
}

/**
 * Translates the provider-neutral history into the Messages API's shape (docs/wire-format.md, "Anthropic blocks"):
 * system messages become the top-level `system`; each assistant message's tool calls become
 * `tool_use` blocks and every one of them is answered exactly once by a `tool_result` in the user
 * message right after it (a missing answer becomes an error result), all results first and any user
 * text after them; consecutive messages of one role are merged; empty text is left out; thinking
 * blocks kept in `providerData` go back unchanged; a call id the API would refuse (repeated, or
 * with other characters than letters, digits, `_` and `-`) goes out as a stand-in.
 */
export function anthropicHistory(messages: readonly Message[]): AnthropicHistory {
  const system: string[] = [];
  const wire: AnthropicWireMessage[] = [];
  const ids = new WireIds();
  let open: OwedResults | undefined;

  const push = (
    role: "user" | "assistant",
    blocks: readonly (AnthropicWireUserBlock | AnthropicWireAssistantBlock)[],
  ): void => {
    if (blocks.length === 0) return;
    const last = wire[wire.length - 1];
    if (last?.role === role) (last.content as unknown[]).push(...blocks);
    else wire.push({ role, content: [...blocks] } as AnthropicWireMessage);
  };
  const user = (blocks: readonly AnthropicWireUserBlock[]): void => (open ? open.add(blocks) : push("user", blocks));
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
        user(textBlocks(message.content));
        break;
      case "tool":
        if (!open?.answer(message)) user(strayResult(message));
        break;
      case "assistant": {
        close();
        const calls = message.toolCalls ?? [];
        const wireIds = calls.map((call) => ids.take(call.id));
        push("assistant", assistantBlocks(message, wireIds));
        if (calls.length > 0) open = new OwedResults(calls, wireIds);
        break;
      }
    }
  }
  close();
  const joined = system.join("\n\n");
  return { system: joined.trim() === "" ? undefined : joined, messages: wire };
}
