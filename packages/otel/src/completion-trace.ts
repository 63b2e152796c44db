import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";
import {
  type Completion,
  type CompletionHooks,
  type CompletionStart,
  type EndpointRequest,
  type LoopEvent,
  type ToolCall,
  type Usage,
} from "@tooltype/core";
import { EndpointAttributes, type ModelAttributes } from "./attribute-sets.js";
import { identify } from "./endpoint-identity.js";
import { errorTypeOf } from "./error-type.js";
import { ATTR, EVENT, OPERATION } from "./gen-ai-names.js";
import type { Instruments } from "./instruments.js";
import { bounded, inputContent, outputContent } from "./recorded-content.js";

/** `error.type` of a tool run that failed (threw, timed out, bad arguments…): the model got an error result. */
export const TOOL_ERROR = "tool_error";

const seconds = (since: number) => (performance.now() - since) / 1000;
const hasUsage = (usage: Usage) => usage.promptTokens > 0 || usage.completionTokens > 0;

/** Marks `span` as failed with `error`: status, `error.type` and the exception event. */
function fail(span: Span, error: unknown): string {
  const type = errorTypeOf(error);
  span.setAttribute(ATTR.errorType, type);
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  return type;
}

type ReplyEvent = Extract<LoopEvent, { type: "reply" }>;

/** The request span in progress and the reply that answered it, once one did. */
interface RequestState {
  span: Span;
  reply: ReplyEvent | undefined;
}

/**
 * The spans and measurements of one completion: a parent span for the whole of it, a `chat`
 * span per request and an `execute_tool` span per tool run below it, each run in its span's
 * context so spans opened inside (a tool's own, an HTTP client's) become its children.
 */
export class CompletionTrace {
  readonly #use: Instruments;
  readonly #start: CompletionStart;
  readonly #endpoint: EndpointAttributes;
  /** The attribute sets of the completion's model, shared with every completion of it. */
  readonly #sets: ModelAttributes;
  /** The completion span and the context it is active in (the parent of every other span). */
  #span: Span | undefined;
  #context: Context = context.active();
  #request: RequestState | undefined;
  #responseModel: string | undefined;

  constructor(use: Instruments, start: CompletionStart) {
    this.#use = use;
    this.#start = start;
    let endpoint = use.endpoints.get(start.endpoint);
    if (endpoint === undefined) {
      endpoint = new EndpointAttributes(identify(start.endpoint, use.providerName), use.agentName);
      use.endpoints.set(start.endpoint, endpoint);
    }
    this.#endpoint = endpoint;
    this.#sets = endpoint.model(start.model);
  }

  /** The loop hooks of this completion. */
  hooks(): CompletionHooks {
    return {
      completion: (run) => this.#completion(run),
      request: (request, run) => this.#requestRun(request, run),
      tool: (call, run) => this.#toolRun(call, run),
      onEvent: (event) => this.#onEvent(event),
    };
  }

  async #completion<T>(run: () => Promise<T>): Promise<T> {
    const { tracer, agentSpanName } = this.#use;
    const parent = context.active();
    const span = tracer.startSpan(agentSpanName, { kind: SpanKind.INTERNAL, attributes: this.#sets.agentSpan }, parent);
    this.#span = span;
    this.#context = trace.setSpan(parent, span);
    try {
      const result = await context.with(this.#context, run);
      if (span.isRecording()) span.setAttributes(this.#finished(result as Completion));
      return result;
    } catch (error) {
      fail(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  /** What the completion span learns at its end, in one setAttributes call (the SDK checks each call). */
  #finished(completion: Completion): Attributes {
    const attributes: Attributes = { [ATTR.stopped]: completion.stopped, [ATTR.rounds]: completion.rounds };
    if (completion.choice.finishReason !== null) attributes[ATTR.finishReasons] = [completion.choice.finishReason];
    if (this.#responseModel !== undefined) attributes[ATTR.responseModel] = this.#responseModel;
    if (hasUsage(completion.usage)) {
      attributes[ATTR.inputTokens] = completion.usage.promptTokens;
      attributes[ATTR.outputTokens] = completion.usage.completionTokens;
    }
    return attributes;
  }

  async #requestRun<T>(request: EndpointRequest, run: () => Promise<T>): Promise<T> {
    const { tracer, content, operationDuration } = this.#use;
    const sets = request.model === this.#start.model ? this.#sets : this.#endpoint.model(request.model);
    // The attributes the conventions want at the start (for samplers) are a shared set; the rest
    // is set once at the end. The input is content of the request as sent, so it is set now.
    let attributes = sets.chatSpan;
    if (content !== undefined) {
      const { input, system } = inputContent(request.messages, content);
      attributes = { ...attributes, [ATTR.inputMessages]: input };
      if (system !== undefined) attributes[ATTR.systemInstructions] = system;
    }
    const span = tracer.startSpan(sets.chatSpanName, { kind: SpanKind.CLIENT, attributes }, this.#context);
    const state: RequestState = { span, reply: undefined };
    this.#request = state;
    const scope = trace.setSpan(this.#context, span);
    const started = performance.now();
    let errorType: string | undefined;
    try {
      return await context.with(scope, run);
    } catch (error) {
      errorType = fail(span, error);
      throw error;
    } finally {
      this.#request = undefined;
      const { reply } = state;
      if (span.isRecording()) span.setAttributes(this.#requestEnd(request, reply));
      span.end();
      const responseModel = reply?.responseModel;
      const answered = sets.answered(responseModel);
      const measured =
        errorType === undefined ? answered.duration : sets.failed(OPERATION.chat, responseModel, errorType);
      operationDuration.record(seconds(started), measured, scope);
      if (reply !== undefined && hasUsage(reply.usage)) {
        this.#use.tokenUsage.record(reply.usage.promptTokens, answered.input, scope);
        this.#use.tokenUsage.record(reply.usage.completionTokens, answered.output, scope);
      }
    }
  }

  /** What the request span learns at its end: its round, and what the reply said (when one came). */
  #requestEnd(request: EndpointRequest, reply: ReplyEvent | undefined): Attributes {
    const attributes: Attributes = { [ATTR.round]: request.round, [ATTR.stream]: request.stream };
    if (reply === undefined) return attributes;
    if (reply.responseId !== undefined) attributes[ATTR.responseId] = reply.responseId;
    if (reply.responseModel !== undefined) attributes[ATTR.responseModel] = reply.responseModel;
    if (reply.choice.finishReason !== null) attributes[ATTR.finishReasons] = [reply.choice.finishReason];
    const { content } = this.#use;
    if (content !== undefined) attributes[ATTR.outputMessages] = outputContent(reply.choice, content);
    if (hasUsage(reply.usage)) {
      attributes[ATTR.inputTokens] = reply.usage.promptTokens;
      attributes[ATTR.outputTokens] = reply.usage.completionTokens;
    }
    return attributes;
  }

  async #toolRun<T>(call: ToolCall, run: () => Promise<T>): Promise<T> {
    const { tracer, content, operationDuration } = this.#use;
    const attributes: Attributes = {
      [ATTR.operationName]: OPERATION.executeTool,
      [ATTR.toolName]: call.name,
      [ATTR.toolCallId]: call.id,
      [ATTR.toolType]: "function",
    };
    if (content !== undefined) attributes[ATTR.toolArguments] = bounded(call.rawArguments, content);
    const span = tracer.startSpan(
      `${OPERATION.executeTool} ${call.name}`,
      { kind: SpanKind.INTERNAL, attributes },
      this.#context,
    );
    const scope = trace.setSpan(this.#context, span);
    const started = performance.now();
    let errorType: string | undefined;
    try {
      const result = await context.with(scope, run);
      if (content !== undefined && call.result !== undefined)
        span.setAttribute(ATTR.toolResult, bounded(call.result.output, content));
      if (call.outcome !== undefined) {
        span.setAttribute(ATTR.errorType, TOOL_ERROR);
        span.setStatus({ code: SpanStatusCode.ERROR, message: call.outcome.message });
        errorType = TOOL_ERROR;
      }
      return result;
    } catch (error) {
      errorType = fail(span, error);
      throw error;
    } finally {
      span.end();
      const measured =
        errorType === undefined
          ? this.#sets.toolDuration
          : this.#sets.failed(OPERATION.executeTool, undefined, errorType);
      operationDuration.record(seconds(started), measured, scope);
    }
  }

  #onEvent(event: LoopEvent): void {
    if (event.type === "reply") this.#reply(event);
    else if (event.type === "decision") this.#decision(event.call);
  }

  /** Keeps the reply for the request span's end (one setAttributes call there, the points after it). */
  #reply(event: ReplyEvent): void {
    const request = this.#request;
    if (request === undefined) return;
    request.reply = event;
    if (event.responseModel !== undefined) this.#responseModel = event.responseModel;
  }

  #decision(call: ToolCall): void {
    const decided = call.policyResult;
    const span = this.#span;
    // A span a sampler left out records nothing: no attributes to build for it.
    if (span === undefined || decided === undefined || !span.isRecording()) return;
    const attributes: Attributes = {
      [ATTR.toolName]: call.name,
      [ATTR.toolCallId]: call.id,
      [ATTR.policyStatus]: decided.status,
    };
    // The message may quote the arguments (a validation error): it is content.
    if (this.#use.content !== undefined) attributes[ATTR.policyMessage] = bounded(decided.message, this.#use.content);
    span.addEvent(EVENT.decision, attributes);
  }
}
