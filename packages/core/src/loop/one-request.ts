import type { ToolCall } from "../policy/tool-call.js";
import type { CompletionChoice, EndpointReply, EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import { AbortedError } from "../errors/aborted-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import type { Completion } from "./completion.js";
import type { ResolvedOptions } from "./completion-options.js";
import { emitter, replyEvent } from "./loop-event.js";
import { offeredTools } from "./offered-tools.js";
import { endReason, uniqueIds } from "./reply-end.js";
import type { RawRequestBody, RawRequestEndpoint } from "./completion-input.js";
import { targetOf } from "./target.js";

/**
 * A prompt string or a raw body: one request, no policy, nothing runs. The model's calls come
 * back Pending for the application (docs/manual-execution.md).
 */
export async function oneRequest(
  endpoint: ModelEndpoint,
  model: string,
  input: { prompt: string } | { raw: RawRequestBody },
  options: ResolvedOptions,
  stream: boolean,
): Promise<Completion> {
  if (options.signal?.aborted)
    throw new AbortedError("The completion was aborted before its request was sent.", { cause: options.signal.reason });
  const emit = emitter(options.onEvent);
  const tools = offeredTools(endpoint.tools, options.tools);
  const request: EndpointRequest = {
    model,
    messages: "prompt" in input ? [{ role: "user", content: input.prompt }] : [],
    tools,
    toolChoice: options.toolChoice ?? endpoint.config(model).toolChoice,
    stream,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(emit ? { onEvent: emit } : {}),
    ...(stream && options.backlog ? { backlog: options.backlog } : {}),
    round: 1,
    maxToolInput: options.maxToolInput,
    maxDepth: options.maxDepth,
  };
  const sendRaw = (endpoint as Partial<RawRequestEndpoint>).sendRaw;
  if ("raw" in input && typeof sendRaw !== "function") {
    throw new TypeError(
      `This endpoint (${endpoint.baseURL}) cannot send a raw request body: pass a Context or a prompt string.`,
    );
  }
  const send = async (): Promise<{ reply: EndpointReply; choice: CompletionChoice }> => {
    emit?.({
      type: "request",
      round: 1,
      model,
      messages: request.messages.length,
      tools: tools.length,
      toolChoice: request.toolChoice,
      stream,
    });
    const reply = "raw" in input ? await sendRaw!.call(endpoint, input.raw, request) : await endpoint.send(request);
    const choice = reply.choices[0];
    if (choice === undefined) throw new ProtocolError("The reply holds no choice.");
    emit?.(replyEvent(1, reply, choice));
    return { reply, choice };
  };
  const hooks = options.hooks;
  const { reply, choice } = hooks?.request ? await hooks.request(request, send) : await send();
  const calls: ToolCall[] = choice.toolCalls;
  uniqueIds(calls);
  for (const call of calls) {
    call.policyResult = {
      status: ToolPolicyStatus.Pending,
      message: "Not run: tools run only in a Context (a prompt or raw body returns the model's calls).",
    };
    emit?.({ type: "tool-call", round: 1, call });
  }
  emit?.({ type: "round-end", round: 1, finishReason: choice.finishReason });
  return {
    choices: reply.choices,
    choice,
    text: choice.text,
    toolCalls: calls,
    stopped: endReason(choice) ?? (calls.length > 0 ? "attention" : "done"),
    rounds: 1,
    calls,
    usage: { ...reply.usage },
    target: targetOf(endpoint, model, reply),
    raw: reply.raw,
  };
}
