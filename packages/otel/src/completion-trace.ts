import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";
import {
  ToolPolicyStatus,
  type Completion,
  type CompletionHooks,
  type CompletionStart,
  type EndpointRequest,
  type LoopEvent,
  type ToolCall,
  type Usage,
} from "@tooltype/core";
import { identify, type EndpointIdentity } from "./endpoint-identity.js";
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

/**
 * The spans and measurements of one completion: a parent span for the whole of it, a `chat`
 * span per request and an `execute_tool` span per tool run below it, each run in its span's
 * context so spans opened inside (a tool's own, an HTTP client's) become its children.
 */
export class CompletionTrace {
  readonly #use: Instruments;
  readonly #start: CompletionStart;
  readonly #endpoint: EndpointIdentity;
  /** The completion span and the context it is active in (the parent of every other span). */
  #span: Span | undefined;
  #context: Context = context.active();
  /** The request span in progress and what its reply said (a reply event fills it in). */
  #request: { span: Span; responseModel: string | undefined } | undefined;
  #responseModel: string | undefined;

  constructor(use: Instruments, start: CompletionStart) {
    this.#use = use;
    this.#start = start;
    this.#endpoint = identify(start.endpoint, use.providerName);
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

  #common(operation: string): Attributes {
    const attributes: Attributes = {
      [ATTR.operationName]: operation,
      [ATTR.providerName]: this.#endpoint.provider,
    };
    if (this.#endpoint.address !== undefined) {
      attributes[ATTR.serverAddress] = this.#endpoint.address;
      attributes[ATTR.serverPort] = this.#endpoint.port;
    }
    return attributes;
  }

  async #completion<T>(run: () => Promise<T>): Promise<T> {
    const { tracer, agentName } = this.#use;
    const attributes = this.#common(OPERATION.invokeAgent);
    attributes[ATTR.requestModel] = this.#start.model;
    if (agentName !== undefined) attributes[ATTR.agentName] = agentName;
    const name = agentName === undefined ? OPERATION.invokeAgent : `${OPERATION.invokeAgent} ${agentName}`;
    const parent = context.active();
    const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes }, parent);
    this.#span = span;
    this.#context = trace.setSpan(parent, span);
    try {
      const result = await context.with(this.#context, run);
      this.#finished(span, result as Completion);
      return result;
    } catch (error) {
      fail(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  #finished(span: Span, completion: Completion): void {
    span.setAttributes({ [ATTR.stopped]: completion.stopped, [ATTR.rounds]: completion.rounds });
    if (completion.choice.finishReason !== null)
      span.setAttribute(ATTR.finishReasons, [completion.choice.finishReason]);
    if (this.#responseModel !== undefined) span.setAttribute(ATTR.responseModel, this.#responseModel);
    if (hasUsage(completion.usage)) {
      span.setAttribute(ATTR.inputTokens, completion.usage.promptTokens);
      span.setAttribute(ATTR.outputTokens, completion.usage.completionTokens);
    }
  }

  async #requestRun<T>(request: EndpointRequest, run: () => Promise<T>): Promise<T> {
    const { tracer, content, operationDuration } = this.#use;
    const attributes = this.#common(OPERATION.chat);
    attributes[ATTR.requestModel] = request.model;
    attributes[ATTR.round] = request.round;
    attributes[ATTR.stream] = request.stream;
    if (content !== undefined) {
      const { input, system } = inputContent(request.messages, content);
      attributes[ATTR.inputMessages] = input;
      if (system !== undefined) attributes[ATTR.systemInstructions] = system;
    }
    const span = tracer.startSpan(
      `${OPERATION.chat} ${request.model}`,
      { kind: SpanKind.CLIENT, attributes },
      this.#context,
    );
    const state = { span, responseModel: undefined as string | undefined };
    this.#request = state;
    const started = performance.now();
    const measured = this.#metricAttributes(OPERATION.chat, request.model);
    try {
      const result = await context.with(trace.setSpan(this.#context, span), run);
      if (state.responseModel !== undefined) measured[ATTR.responseModel] = state.responseModel;
      return result;
    } catch (error) {
      measured[ATTR.errorType] = fail(span, error);
      throw error;
    } finally {
      this.#request = undefined;
      span.end();
      operationDuration.record(seconds(started), measured);
    }
  }

  #metricAttributes(operation: string, model: string): Attributes {
    const attributes = this.#common(operation);
    attributes[ATTR.requestModel] = model;
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
    const started = performance.now();
    const measured = this.#metricAttributes(OPERATION.executeTool, this.#start.model);
    try {
      const result = await context.with(trace.setSpan(this.#context, span), run);
      if (content !== undefined && call.result !== undefined)
        span.setAttribute(ATTR.toolResult, bounded(call.result.output, content));
      if (call.policyResult?.status === ToolPolicyStatus.Failed) {
        span.setAttribute(ATTR.errorType, TOOL_ERROR);
        span.setStatus({ code: SpanStatusCode.ERROR, message: call.policyResult.message });
        measured[ATTR.errorType] = TOOL_ERROR;
      }
      return result;
    } catch (error) {
      measured[ATTR.errorType] = fail(span, error);
      throw error;
    } finally {
      span.end();
      operationDuration.record(seconds(started), measured);
    }
  }

  #onEvent(event: LoopEvent): void {
    if (event.type === "reply") this.#reply(event);
    else if (event.type === "decision") this.#decision(event.call);
  }

  #reply(event: Extract<LoopEvent, { type: "reply" }>): void {
    const request = this.#request;
    if (request === undefined) return;
    const { span } = request;
    if (event.responseId !== undefined) span.setAttribute(ATTR.responseId, event.responseId);
    if (event.responseModel !== undefined) {
      span.setAttribute(ATTR.responseModel, event.responseModel);
      request.responseModel = this.#responseModel = event.responseModel;
    }
    if (event.choice.finishReason !== null) span.setAttribute(ATTR.finishReasons, [event.choice.finishReason]);
    const { content, tokenUsage } = this.#use;
    if (content !== undefined) span.setAttribute(ATTR.outputMessages, outputContent(event.choice, content));
    if (!hasUsage(event.usage)) return; // the server sent none: nothing to report
    span.setAttribute(ATTR.inputTokens, event.usage.promptTokens);
    span.setAttribute(ATTR.outputTokens, event.usage.completionTokens);
    const measured = this.#metricAttributes(OPERATION.chat, this.#start.model);
    if (event.responseModel !== undefined) measured[ATTR.responseModel] = event.responseModel;
    tokenUsage.record(event.usage.promptTokens, { ...measured, [ATTR.tokenType]: "input" });
    tokenUsage.record(event.usage.completionTokens, { ...measured, [ATTR.tokenType]: "output" });
  }

  #decision(call: ToolCall): void {
    const decided = call.policyResult;
    if (this.#span === undefined || decided === undefined) return;
    const attributes: Attributes = {
      [ATTR.toolName]: call.name,
      [ATTR.toolCallId]: call.id,
      [ATTR.policyStatus]: decided.status,
    };
    // The message may quote the arguments (a validation error): it is content.
    if (this.#use.content !== undefined) attributes[ATTR.policyMessage] = bounded(decided.message, this.#use.content);
    this.#span.addEvent(EVENT.decision, attributes);
  }
}
