// A scripted turn as OpenAI `chat.completion.chunk` events, the way real servers stream:
// a role chunk, text in several deltas, each call's id/name first then argument fragments,
// a finish chunk and, when asked for, a usage chunk. Quirks bend this to other servers' ways.
import { openAIToolCall } from "./openai-json.js";
import { choicesOf, finishReasonOf, type ScriptedChoice, type ScriptedTurn, type StreamQuirks } from "./turn.js";
import { callIdOf, splitText, usageOf, type RenderContext, type SseEvent } from "./wire-format.js";

type Delta = Record<string, unknown>;

function wantsUsage(context: RenderContext): boolean {
  const body = context.request.body as { stream_options?: { include_usage?: unknown } } | undefined;
  return body?.stream_options?.include_usage === true;
}

/** The deltas of one choice's tool calls; `firstCall` keeps generated ids unique across choices. */
function toolCallDeltas(
  choice: ScriptedChoice,
  turn: ScriptedTurn,
  context: RenderContext,
  firstCall: number,
): Delta[] {
  const quirks: StreamQuirks = turn.quirks ?? {};
  const deltas: Delta[] = [];
  (choice.toolCalls ?? []).forEach((call, i) => {
    const index = call.index ?? (quirks.indexBase ?? 0) + i;
    const id = callIdOf(call, "call_", context, firstCall + i);
    const keyed = (fields: Record<string, unknown>): Delta => ({
      tool_calls: [quirks.noIndex ? fields : { index, ...fields }],
    });
    const head = openAIToolCall(call, id, false);
    const whole = typeof call.arguments !== "string" || quirks.wholeCalls === true;
    if (whole) {
      deltas.push(keyed(head));
      return;
    }
    const fragments = splitText(call.arguments as string, turn.deltaSize);
    head.function = { name: call.name, arguments: "" };
    deltas.push(keyed(head));
    for (const fragment of fragments) {
      const fields: Record<string, unknown> = {};
      if (quirks.repeatIdAndName) {
        if (id !== undefined) fields.id = id;
        if (call.type !== null) fields.type = call.type ?? "function";
      }
      const name = quirks.repeatIdAndName ? call.name : quirks.emptyNameLater ? "" : undefined;
      fields.function = name === undefined ? { arguments: fragment } : { name, arguments: fragment };
      deltas.push(keyed(fields));
    }
  });
  return deltas;
}

/** Renders the chunk events of a turn (without `[DONE]`). */
export function renderOpenAIEvents(turn: ScriptedTurn, context: RenderContext): SseEvent[] {
  const quirks = turn.quirks ?? {};
  const base = {
    id: `chatcmpl-scripted-${context.replyNumber}`,
    object: "chat.completion.chunk",
    created: context.created,
    model: context.model,
  };
  const chunk = (choices: unknown[], extra?: Record<string, unknown>): SseEvent => ({
    data: { ...base, choices, ...extra },
  });
  const usage = usageOf(turn, context);
  const events: SseEvent[] = [];
  if (quirks.leadingEmptyChoices)
    events.push(chunk([], { prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] }));
  let callCount = 0;
  choicesOf(turn).forEach((choice, index) => {
    const emit = (delta: Delta, finish: string | null = null, extra?: Record<string, unknown>) =>
      events.push(chunk([{ index, delta, logprobs: null, finish_reason: finish }], extra));
    const calls = choice.toolCalls ?? [];
    const content = choice.text == null && calls.length > 0 ? null : "";
    emit({ role: "assistant", content, ...choice.extra });
    for (const piece of splitText(choice.reasoning ?? "", turn.deltaSize)) emit({ reasoning_content: piece });
    for (const piece of splitText(choice.text ?? "", turn.deltaSize))
      emit(quirks.emptyToolCalls ? { content: piece, tool_calls: [] } : { content: piece });
    for (const piece of splitText(choice.refusal ?? "", turn.deltaSize)) emit({ refusal: piece });
    const callDeltas = toolCallDeltas(choice, turn, context, callCount);
    callCount += calls.length;
    // With argsWithFinish the last fragment travels in the finish chunk instead of its own.
    const last = quirks.argsWithFinish && callDeltas.length > 0 ? callDeltas.pop() : undefined;
    for (const delta of callDeltas) emit(delta);
    const finish = finishReasonOf(choice);
    const usageExtra = quirks.usageOnFinish && usage !== null ? { usage } : undefined;
    if (finish !== null) emit(last ?? {}, finish, usageExtra);
    else if (last) emit(last);
  });
  if (wantsUsage(context) && !quirks.usageOnFinish && usage !== null) events.push(chunk([], { usage }));
  return events;
}
