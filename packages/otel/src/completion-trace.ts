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
import { cached, EndpointAttributes, type ModelAttributes } from "./attribute-sets.js";
import { identify } from "./endpoint-identity.js";
import { errorTypeOf } from "./error-type.js";
import { ATTR, EVENT, OPERATION } from "./gen-ai-names.js";
import type { Histograms, Instruments } from "./instruments.js";
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
type RouteEvent = Extract<LoopEvent, { type: "route" }>;

/** The request span in progress and what the request's events said: where it went, its first chunk, its reply. */
interface RequestState {
  span: Span;
  /** The target a router sent it to last (its `route` event); undefined: the endpoint itself. */
  route: RouteEvent | undefined;
  /** When the first streamed piece arrived (`performance.now()`). */
  firstChunk: number | undefined;
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
  /** The histograms of the meter provider in use as the completion started. */
  readonly #meters: Histograms;
  /** The completion span and the context it is active in (the parent of every other span). */
  #span: Span | undefined;
  #context: Context = context.active();
  #request: RequestState | undefined;
  /** What the requests so far add up to: the completion span keeps them however it ends. */
  #sent = 0;
  readonly #usage = { input: 0, output: 0 };
  #lastReply: ReplyEvent | undefined;
  #responseModel: string | undefined;

  constructor(use: Instruments, start: CompletionStart) {
    this.#use = use;
    this.#start = start;
    this.#meters = use.meters.current();
    const { endpoint: ep } = start;
    let endpoint = use.endpoints.get(ep);
    if (endpoint === undefined) {
      const server = ep.routing === true ? undefined : ep.baseURL; // a router's requests name their targets
      endpoint = new EndpointAttributes(identify(server, ep.provider, use.providerName), use.agentName);
      use.endpoints.set(ep, endpoint);
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
      if (span.isRecording()) span.setAttributes(this.#finished(undefined));
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * What the completion span learns at its end, in one setAttributes call (the SDK checks each
   * call): the completion's totals, or for one that threw, what its requests added up to so far.
   */
  #finished(completion: Completion | undefined): Attributes {
    const attributes: Attributes = { [ATTR.rounds]: completion?.rounds ?? this.#sent };
    if (completion !== undefined) attributes[ATTR.stopped] = completion.stopped;
    const finishReason =
      completion !== undefined ? completion.choice.finishReason : (this.#lastReply?.choice.finishReason ?? null);
    if (finishReason !== null) attributes[ATTR.finishReasons] = [finishReason];
    if (this.#responseModel !== undefined) attributes[ATTR.responseModel] = this.#responseModel;
    const input = completion?.usage.promptTokens ?? this.#usage.input;
    const output = completion?.usage.completionTokens ?? this.#usage.output;
    if (input > 0 || output > 0) {
      attributes[ATTR.inputTokens] = input;
      attributes[ATTR.outputTokens] = output;
    }
    return attributes;
  }

  async #requestRun<T>(request: EndpointRequest, run: () => Promise<T>): Promise<T> {
    const { tracer, content } = this.#use;
    this.#sent += 1;
    let sets = request.model === this.#start.model ? this.#sets : this.#endpoint.model(request.model);
    // The attributes the conventions want at the start (for samplers) are a shared set; the rest
    // is set once at the end. The input is content of the request as sent, so it is set now.
    let attributes = sets.chatSpan;
    if (content !== undefined) {
      const { input, system } = inputContent(request.messages, content);
      attributes = { ...attributes, [ATTR.inputMessages]: input };
      if (system !== undefined) attributes[ATTR.systemInstructions] = system;
    }
    const span = tracer.startSpan(sets.chatSpanName, { kind: SpanKind.CLIENT, attributes }, this.#context);
    const state: RequestState = { span, route: undefined, firstChunk: undefined, reply: undefined };
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
      const { reply, route, firstChunk } = state;
      // Behind a router the span describes the request as sent: the target's model and server.
      if (route !== undefined) sets = this.#routed(route);
      const untilFirstChunk = request.stream && firstChunk !== undefined ? (firstChunk - started) / 1000 : undefined;
      if (span.isRecording()) {
        const end = this.#requestEnd(request, reply, untilFirstChunk);
        if (route !== undefined) span.updateName(sets.chatSpanName);
        span.setAttributes(route === undefined ? end : { ...sets.chatSpan, ...end });
      }
      span.end();
      const responseModel = reply?.responseModel;
      const answered = sets.answered(responseModel);
      const measured =
        errorType === undefined ? answered.duration : sets.failed(OPERATION.chat, responseModel, errorType);
      const meters = this.#meters;
      meters.operationDuration.record(seconds(started), measured, scope);
      if (untilFirstChunk !== undefined) meters.timeToFirstChunk.record(untilFirstChunk, answered.duration, scope);
      if (reply !== undefined && hasUsage(reply.usage)) {
        meters.tokenUsage.record(reply.usage.promptTokens, answered.input, scope);
        meters.tokenUsage.record(reply.usage.completionTokens, answered.output, scope);
      }
    }
  }

  /** The attribute sets of a router's target (built once per provider and base URL). */
  #routed(route: RouteEvent): ModelAttributes {
    const { providerName, agentName, targets } = this.#use;
    const key = `${route.provider ?? ""} ${route.baseURL}`;
    const target = cached(
      targets,
      key,
      () => new EndpointAttributes(identify(route.baseURL, route.provider, providerName), agentName),
    );
    return target.model(route.model);
  }

  /** What the request span learns at its end: its round, and what the stream and reply said (when they did). */
  #requestEnd(
    request: EndpointRequest,
    reply: ReplyEvent | undefined,
    untilFirstChunk: number | undefined,
  ): Attributes {
    const attributes: Attributes = { [ATTR.round]: request.round, [ATTR.stream]: request.stream };
    if (untilFirstChunk !== undefined) attributes[ATTR.timeToFirstChunk] = untilFirstChunk;
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
    const { tracer, content } = this.#use;
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
      this.#meters.operationDuration.record(seconds(started), measured, scope);
    }
  }

  #onEvent(event: LoopEvent): void {
    switch (event.type) {
      case "text-delta":
      case "tool-call-delta":
        if (this.#request !== undefined) this.#request.firstChunk ??= performance.now();
        break;
      case "route":
        if (this.#request !== undefined) this.#request.route = event;
        break;
      case "reply":
        this.#reply(event);
        break;
      case "decision":
        this.#decision(event.call);
        break;
    }
  }

  /** Keeps the reply for the request span's end (one setAttributes call there, the points after it), and adds it up. */
  #reply(event: ReplyEvent): void {
    this.#lastReply = event;
    this.#usage.input += event.usage.promptTokens;
    this.#usage.output += event.usage.completionTokens;
    if (event.responseModel !== undefined) this.#responseModel = event.responseModel;
    if (this.#request !== undefined) this.#request.reply = event;
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
