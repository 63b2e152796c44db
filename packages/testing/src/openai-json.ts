// A scripted turn as one OpenAI chat completion (the non-streamed reply).
import { callIdOf, usageOf, type RenderContext } from "./wire-format.js";
import { choicesOf, finishReasonOf, type ScriptedChoice, type ScriptedToolCall } from "./turn.js";

/** The `tool_calls` entry of a message: id, type, function, then the call's extras. */
export function openAIToolCall(
  call: ScriptedToolCall,
  id: string | null | undefined,
  withIndex: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (withIndex && call.index !== undefined) out.index = call.index;
  if (id !== undefined) out.id = id;
  if (call.type !== null) out.type = call.type ?? "function";
  out.function = { name: call.name, arguments: call.arguments };
  return Object.assign(out, call.extra);
}

function message(choice: ScriptedChoice, context: RenderContext, firstCall: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    role: "assistant",
    content: choice.text ?? null,
    refusal: choice.refusal ?? null,
  };
  if (choice.reasoning !== undefined) out.reasoning_content = choice.reasoning;
  const calls = choice.toolCalls ?? [];
  if (calls.length > 0)
    out.tool_calls = calls.map((call, i) =>
      openAIToolCall(call, callIdOf(call, "call_", context, firstCall + i), true),
    );
  return Object.assign(out, choice.extra);
}

/** Renders the `chat.completion` object of a turn. */
export function renderOpenAIJson(
  turn: Parameters<typeof choicesOf>[0],
  context: RenderContext,
): Record<string, unknown> {
  let callCount = 0;
  const choices = choicesOf(turn).map((choice, index) => {
    const rendered = {
      index,
      message: message(choice, context, callCount),
      logprobs: null,
      finish_reason: finishReasonOf(choice),
    };
    callCount += choice.toolCalls?.length ?? 0;
    return rendered;
  });
  const body: Record<string, unknown> = {
    id: `chatcmpl-scripted-${context.replyNumber}`,
    object: "chat.completion",
    created: context.created,
    model: context.model,
    choices,
  };
  const usage = usageOf(turn, context);
  if (usage !== null) body.usage = usage;
  return body;
}
