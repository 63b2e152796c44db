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
  /**
   * Metric attribute sets already built, by operation, model and what else tells them apart: a
   * histogram keeps the object it is given, so these are never changed once recorded with.
   */
  readonly #measured = new Map<string, Attributes>();

  constructor(use: Instruments, start: CompletionStart) {
    this.#use = use;
    this.#start = start;
    this.#endpoint = use.identities.get(start.endpoint) ?? identify(start.endpoint, use.providerName);
    use.identities.set(start.endpoint, this.#endpoint);
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
    // One setAttributes call: the SDK checks the span and the limits once per call.
    const attributes: Attributes = { [ATTR.stopped]: completion.stopped, [ATTR.rounds]: completion.rounds };
    if (completion.choice.finishReason !== null) attributes[ATTR.finishReasons] = [completion.choice.finishReason];
    if (this.#responseModel !== undefined) attributes[ATTR.responseModel] = this.#responseModel;
    if (hasUsage(completion.usage)) {
      attributes[ATTR.inputTokens] = completion.usage.promptTokens;
      attributes[ATTR.outputTokens] = completion.usage.completionTokens;
    }
    span.setAttributes(attributes);
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
    let errorType: string | undefined;
    try {
      return await context.with(trace.setSpan(this.#context, span), run);
    } catch (error) {
      errorType = fail(span, error);
      throw error;
    } finally {
      this.#request = undefined;
      span.end();
      const measured = this.#metricAttributes(OPERATION.chat, request.model, state.responseModel, errorType);
      operationDuration.record(seconds(started), measured);
    }
  }

  /** The attributes of a measurement, built once per distinct set in this completion. */
  #metricAttributes(
    operation: string,
    model: string,
    responseModel: string | undefined,
    errorType: string | undefined,
    tokenType?: string,
  ): Attributes {
    const key = `${operation}\0${model}\0${responseModel ?? ""}\0${errorType ?? ""}\0${tokenType ?? ""}`;
    let attributes = this.#measured.get(key);
    if (attributes === undefined) {
      attributes = this.#common(operation);
      attributes[ATTR.requestModel] = model;
      if (responseModel !== undefined) attributes[ATTR.responseModel] = responseModel;
      if (errorType !== undefined) attributes[ATTR.errorType] = errorType;
      if (tokenType !== undefined) attributes[ATTR.tokenType] = tokenType;
      this.#measured.set(key, attributes);
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
    const started = performance.now();
    let errorType: string | undefined;
    try {
      const result = await context.with(trace.setSpan(this.#context, span), run);
      if (content !== undefined && call.result !== undefined)
        span.setAttribute(ATTR.toolResult, bounded(call.result.output, content));
      if (call.policyResult?.status === ToolPolicyStatus.Failed) {
        span.setAttribute(ATTR.errorType, TOOL_ERROR);
        span.setStatus({ code: SpanStatusCode.ERROR, message: call.policyResult.message });
        errorType = TOOL_ERROR;
      }
      return result;
    } catch (error) {
      errorType = fail(span, error);
      throw error;
    } finally {
      span.end();
      const measured = this.#metricAttributes(OPERATION.executeTool, this.#start.model, undefined, errorType);
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
    const attributes: Attributes = {};
    if (event.responseId !== undefined) attributes[ATTR.responseId] = event.responseId;
    if (event.responseModel !== undefined) {
      attributes[ATTR.responseModel] = event.responseModel;
      request.responseModel = this.#responseModel = event.responseModel;
    }
    if (event.choice.finishReason !== null) attributes[ATTR.finishReasons] = [event.choice.finishReason];
    const { content, tokenUsage } = this.#use;
    if (content !== undefined) attributes[ATTR.outputMessages] = outputContent(event.choice, content);
    const usage = hasUsage(event.usage);
    if (usage) {
      attributes[ATTR.inputTokens] = event.usage.promptTokens;
      attributes[ATTR.outputTokens] = event.usage.completionTokens;
    }
    request.span.setAttributes(attributes);
    if (!usage) return; // the server sent none: nothing to report
    const { model } = this.#start;
    const input = this.#metricAttributes(OPERATION.chat, model, event.responseModel, undefined, "input");
    const output = this.#metricAttributes(OPERATION.chat, model, event.responseModel, undefined, "output");
    tokenUsage.record(event.usage.promptTokens, input);
    tokenUsage.record(event.usage.completionTokens, output);
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
