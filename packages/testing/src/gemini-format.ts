// Google Gemini: `POST /v1beta/models/{model}:generateContent` answers one response;
// `:streamGenerateContent?alt=sse` answers SSE events, each a whole partial response, with no end
// event. Paths of other versions and Vertex AI's (`/v1/projects/…/publishers/google/models/…`) too.
import { choicesOf, finishReasonOf, type ScriptedChoice, type ScriptedTurn } from "./turn.js";
import { callIdOf, splitText, usageOf, type RenderContext, type SseEvent, type WireFormat } from "./wire-format.js";

type Part = Record<string, unknown>;

const route =
  /^\/[A-Za-z0-9._-]+\/(?:projects\/[^/]+\/locations\/[^/]+\/publishers\/[^/]+\/|tunedModels\/|)(?:models\/)?([^/:]+):(generateContent|streamGenerateContent)$/;

/** The signature the scripted model signs a reply with (base64, as the API's are): one per reply, per part. */
function signature(context: RenderContext, part: number): string {
  return Buffer.from(`scripted-signature-${context.replyNumber}-${part}`).toString("base64");
}

/** Maps the script's OpenAI-style finish reasons to Gemini's; others pass as they are. */
function finishReason(choice: ScriptedChoice): string | undefined {
  const reason = finishReasonOf(choice);
  if (reason === null) return undefined;
  if (reason === "stop" || reason === "tool_calls") return "STOP";
  if (reason === "length") return "MAX_TOKENS";
  if (reason === "content_filter") return "SAFETY";
  return reason;
}

/** A call's `args`: objects as they are, strings parsed when they are JSON (left out when empty). */
function argsOf(args: string | object): unknown {
  if (typeof args !== "string") return args;
  if (args.trim() === "") return undefined;
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

/** A scripted call as a functionCall part (its `extra` merged into the part, e.g. a `thoughtSignature`). */
function callPart(
  call: NonNullable<ScriptedChoice["toolCalls"]>[number],
  context: RenderContext,
  position: number,
): Part {
  const functionCall: Part = { name: call.name };
  const args = argsOf(call.arguments);
  if (args !== undefined) functionCall.args = args;
  const id = callIdOf(call, "fc_scripted_", context, position);
  if (id !== undefined && id !== null) functionCall.id = id;
  return { functionCall, ...call.extra };
}

/**
 * The parts of one choice: its reasoning as a thought part, its text, its calls. Signed as Gemini 3
 * signs: the first call carries the signature; a reply without calls has it on its last part.
 */
function partsOf(choice: ScriptedChoice, context: RenderContext, signed: boolean): Part[] {
  const parts: Part[] = [];
  if (choice.reasoning !== undefined) parts.push({ text: choice.reasoning, thought: true });
  const text = (choice.text ?? "") + (choice.refusal ?? "");
  if (text !== "") parts.push({ text });
  const calls = (choice.toolCalls ?? []).map((call, i) => callPart(call, context, i));
  if (signed && calls[0] !== undefined && calls[0].thoughtSignature === undefined)
    calls[0].thoughtSignature = signature(context, 0);
  else if (signed && calls.length === 0 && parts.length > 0)
    parts[parts.length - 1]!.thoughtSignature = signature(context, 0);
  return [...parts, ...calls];
}

function usageMetadata(turn: ScriptedTurn, context: RenderContext): Part | undefined {
  const u = usageOf(turn, context);
  return u === null
    ? undefined
    : { promptTokenCount: u.prompt_tokens, candidatesTokenCount: u.completion_tokens, totalTokenCount: u.total_tokens };
}

function candidate(choice: ScriptedChoice, index: number, parts: Part[], withFinish: boolean): Part {
  const out: Part = { content: { role: "model", parts }, index };
  const reason = withFinish ? finishReason(choice) : undefined;
  if (reason !== undefined) out.finishReason = reason;
  return out;
}

function top(turn: ScriptedTurn, context: RenderContext, candidates: Part[], withUsage: boolean): Part {
  const body: Part = { candidates };
  const usage = withUsage ? usageMetadata(turn, context) : undefined;
  if (usage !== undefined) body.usageMetadata = usage;
  body.modelVersion = context.model;
  body.responseId = `scripted-response-${context.replyNumber}`;
  return body;
}

function renderJson(turn: ScriptedTurn, context: RenderContext): unknown {
  const candidates = choicesOf(turn).map((choice, i) => candidate(choice, i, partsOf(choice, context, true), true));
  return Object.assign(top(turn, context, candidates, true), ...choicesOf(turn).map((c) => c.extra ?? {}));
}

/**
 * The streamed form, as the API streams: thoughts and text in pieces, each call whole in a chunk
 * of its own, and the finish reason and usage on the last chunk, which (with no call) holds only an
 * empty text part carrying the signature.
 */
function renderEvents(turn: ScriptedTurn, context: RenderContext): SseEvent[] {
  const events: SseEvent[] = [];
  const chunk = (index: number, choice: ScriptedChoice, parts: Part[], last: boolean): void => {
    events.push({ data: top(turn, context, [candidate(choice, index, parts, last)], last) });
  };
  choicesOf(turn).forEach((choice, index) => {
    if (choice.reasoning !== undefined)
      for (const piece of splitText(choice.reasoning, turn.deltaSize))
        chunk(index, choice, [{ text: piece, thought: true }], false);
    for (const piece of splitText((choice.text ?? "") + (choice.refusal ?? ""), turn.deltaSize))
      chunk(index, choice, [{ text: piece }], false);
    const calls = partsOf({ ...choice, reasoning: undefined, text: undefined, refusal: undefined }, context, true);
    for (const part of calls) chunk(index, choice, [part], false);
    const closing = calls.length === 0 ? [{ text: "", thoughtSignature: signature(context, 0) }] : [];
    chunk(index, choice, closing, true);
  });
  return events;
}

const statusNames: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  409: "ABORTED",
  413: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

/** The Google Gemini API wire format (generateContent, and streamGenerateContent with `alt=sse`). */
export const geminiFormat: WireFormat = {
  name: "gemini",
  path: "/v1beta/models/{model}:generateContent",
  matches: (path) => route.test(path),
  streams: (path) => route.exec(path)?.[2] === "streamGenerateContent",
  modelOf: (path) => {
    const name = route.exec(path)?.[1];
    return name === undefined ? undefined : decodeURIComponent(name);
  },
  renderJson,
  renderEvents,
  errorBody: (status, message) => ({
    error: {
      code: status,
      message,
      status: statusNames[status] ?? (status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION"),
    },
  }),
};
