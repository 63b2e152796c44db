// Anthropic Messages: `POST /v1/messages`, a message with content blocks, or named SSE events
// (message_start, content_block_*, message_delta, message_stop). Only the first choice is used.
import { choicesOf, finishReasonOf, type ScriptedChoice, type ScriptedTurn } from "./turn.js";
import { callIdOf, splitText, usageOf, type RenderContext, type SseEvent, type WireFormat } from "./wire-format.js";

type Block = Record<string, unknown>;

/**
 * Maps the script's OpenAI-style finish reasons to Anthropic stop reasons; others pass as they
 * are. A scripted refusal without a finish reason stops with `refusal`, as Claude's do.
 */
function stopReason(choice: ScriptedChoice): string | null {
  if (choice.refusal !== undefined && choice.finishReason === undefined) return "refusal";
  const reason = finishReasonOf(choice);
  if (reason === "tool_calls") return "tool_use";
  if (reason === "stop") return "end_turn";
  if (reason === "length") return "max_tokens";
  return reason;
}

/** The `input` of a tool_use block: objects as they are, strings parsed when they are JSON. */
function inputOf(args: string | object): unknown {
  if (typeof args !== "string") return args;
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

/** The blocks of the first choice, with their streamed text (`partial` holds the deltas' source). */
function blocksOf(turn: ScriptedTurn, context: RenderContext): Array<{ block: Block; partial: string }> {
  const choice = choicesOf(turn)[0]!;
  const blocks: Array<{ block: Block; partial: string }> = [];
  if (choice.reasoning !== undefined)
    blocks.push({
      block: { type: "thinking", thinking: choice.reasoning, signature: "scripted-signature" },
      partial: choice.reasoning,
    });
  const text = (choice.text ?? "") + (choice.refusal ?? "");
  if (text !== "") blocks.push({ block: { type: "text", text }, partial: text });
  (choice.toolCalls ?? []).forEach((call, i) => {
    const block: Block = {
      type: "tool_use",
      id: callIdOf(call, "toolu_scripted_", context, i),
      name: call.name,
      input: inputOf(call.arguments),
    };
    const partial = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    blocks.push({ block: Object.assign(block, call.extra), partial });
  });
  return blocks;
}

function usage(
  turn: ScriptedTurn,
  context: RenderContext,
): { input_tokens: number; output_tokens: number } | undefined {
  const u = usageOf(turn, context);
  return u === null ? undefined : { input_tokens: u.prompt_tokens, output_tokens: u.completion_tokens };
}

function renderJson(turn: ScriptedTurn, context: RenderContext): unknown {
  const choice = choicesOf(turn)[0]!;
  const message: Block = {
    id: `msg_scripted_${context.replyNumber}`,
    type: "message",
    role: "assistant",
    model: context.model,
    content: blocksOf(turn, context).map((b) => b.block),
    stop_reason: stopReason(choice),
    stop_sequence: null,
    usage: usage(turn, context),
  };
  return Object.assign(message, choice.extra);
}

function deltaOf(block: Block, piece: string): Block {
  if (block.type === "thinking") return { type: "thinking_delta", thinking: piece };
  if (block.type === "tool_use") return { type: "input_json_delta", partial_json: piece };
  return { type: "text_delta", text: piece };
}

function renderEvents(turn: ScriptedTurn, context: RenderContext): SseEvent[] {
  const choice = choicesOf(turn)[0]!;
  const counts = usage(turn, context);
  const events: SseEvent[] = [];
  const emit = (data: Block) => events.push({ event: data.type as string, data });
  emit({
    type: "message_start",
    message: {
      id: `msg_scripted_${context.replyNumber}`,
      type: "message",
      role: "assistant",
      model: context.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: counts?.input_tokens ?? 0, output_tokens: 1 },
    },
  });
  emit({ type: "ping" });
  blocksOf(turn, context).forEach(({ block, partial }, index) => {
    const start =
      block.type === "tool_use"
        ? { ...block, input: {} }
        : block.type === "thinking"
          ? { ...block, thinking: "", signature: "" }
          : { ...block, text: "" };
    emit({ type: "content_block_start", index, content_block: start });
    const pieces = splitText(partial, turn.deltaSize);
    // A tool without input still streams one empty fragment, as Anthropic does.
    if (pieces.length === 0 && block.type === "tool_use") pieces.push("");
    for (const piece of pieces) emit({ type: "content_block_delta", index, delta: deltaOf(block, piece) });
    if (block.type === "thinking")
      emit({ type: "content_block_delta", index, delta: { type: "signature_delta", signature: block.signature } });
    emit({ type: "content_block_stop", index });
  });
  emit({
    type: "message_delta",
    delta: { stop_reason: stopReason(choice), stop_sequence: null },
    usage: { output_tokens: counts?.output_tokens ?? 0 },
  });
  emit({ type: "message_stop" });
  return events;
}

/** The Anthropic Messages wire format. */
export const anthropicFormat: WireFormat = {
  name: "anthropic",
  path: "/v1/messages",
  renderJson,
  renderEvents,
  // Explicit chunks are Anthropic events: each is named after its `type`.
  chunkEvent: (chunk) => (typeof chunk.type === "string" ? { event: chunk.type, data: chunk } : { data: chunk }),
  errorBody: (_status, message, type) => ({
    type: "error",
    error: { type: type === "server_error" ? "api_error" : type, message },
  }),
};
