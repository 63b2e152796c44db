// A scripted turn as one OpenAI Responses API response (the non-streamed reply): its output items
// (reasoning, a message with text or refusal parts, function calls), status and usage. Only the
// first choice is used: the Responses API has no choices.
import { choicesOf, finishReasonOf, type ScriptedChoice, type ScriptedTurn } from "./turn.js";
import { callIdOf, usageOf, type RenderContext } from "./wire-format.js";

type Item = Record<string, unknown>;

/** The encrypted content a scripted reasoning item carries: tests check that it comes back unchanged. */
export function scriptedEncryptedContent(context: RenderContext): string {
  return `enc_scripted_${context.replyNumber}`;
}

/** The output items of a turn's first choice, as they are when done. */
export function responseItems(turn: ScriptedTurn, context: RenderContext): Item[] {
  const choice = choicesOf(turn)[0]!;
  const n = context.replyNumber;
  const items: Item[] = [];
  if (choice.reasoning !== undefined)
    items.push({
      id: `rs_scripted_${n}`,
      type: "reasoning",
      summary: [{ type: "summary_text", text: choice.reasoning }],
      encrypted_content: scriptedEncryptedContent(context),
    });
  const content: Item[] = [];
  if (choice.text !== undefined && choice.text !== null)
    content.push({ type: "output_text", text: choice.text, annotations: [], logprobs: [] });
  if (choice.refusal !== undefined) content.push({ type: "refusal", refusal: choice.refusal });
  if (content.length > 0)
    items.push({ id: `msg_scripted_${n}`, type: "message", status: "completed", role: "assistant", content });
  (choice.toolCalls ?? []).forEach((call, i) => {
    const item: Item = { id: `fc_scripted_${n}_${i}`, type: "function_call", status: "completed" };
    const id = callIdOf(call, "call_", context, i);
    if (id !== undefined) item.call_id = id;
    items.push(Object.assign(item, { name: call.name, arguments: call.arguments }, call.extra));
  });
  return items;
}

/** `status` and `incomplete_details`: `length` and `content_filter` finish reasons make the response incomplete. */
export function responseStatus(choice: ScriptedChoice): { status: string; incomplete_details: Item | null } {
  const reason = finishReasonOf(choice);
  if (reason === "length") return { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } };
  if (reason === "content_filter") return { status: "incomplete", incomplete_details: { reason: "content_filter" } };
  return { status: "completed", incomplete_details: null };
}

/** The response's `usage`, in the Responses API's names; undefined when the turn sends none. */
function responseUsage(turn: ScriptedTurn, context: RenderContext): Item | undefined {
  const usage = usageOf(turn, context);
  if (usage === null) return undefined;
  return {
    input_tokens: usage.prompt_tokens,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: usage.completion_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.total_tokens,
  };
}

/** A field of the request body, or `fallback` when it sent none. */
function echoed(context: RenderContext, key: string, fallback: unknown): unknown {
  const body = context.request.body as Record<string, unknown> | undefined;
  return body?.[key] ?? fallback;
}

/**
 * The response object around `output`, with `status` given (a stream's first events say
 * `in_progress`); the request's settings echoed as the API does.
 */
export function responseObject(
  turn: ScriptedTurn,
  context: RenderContext,
  output: Item[],
  status?: string,
): Record<string, unknown> {
  const finished = responseStatus(choicesOf(turn)[0]!);
  const response: Record<string, unknown> = {
    id: `resp_scripted_${context.replyNumber}`,
    object: "response",
    created_at: context.created,
    status: status ?? finished.status,
    error: null,
    incomplete_details: status === undefined ? finished.incomplete_details : null,
    instructions: echoed(context, "instructions", null),
    metadata: {},
    model: context.model,
    output,
    parallel_tool_calls: echoed(context, "parallel_tool_calls", true),
    temperature: echoed(context, "temperature", null),
    tool_choice: echoed(context, "tool_choice", "auto"),
    tools: echoed(context, "tools", []),
    top_p: null,
  };
  const usage = status === undefined ? responseUsage(turn, context) : undefined;
  if (usage !== undefined) response.usage = usage;
  return status === undefined ? Object.assign(response, choicesOf(turn)[0]!.extra) : response;
}

/** Renders the `response` object of a turn. */
export function renderResponsesJson(turn: ScriptedTurn, context: RenderContext): Record<string, unknown> {
  return responseObject(turn, context, responseItems(turn, context));
}
