import type { ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { StreamBacklog } from "../endpoints/stream-backlog.js";
import { AbortedError } from "../errors/aborted-error.js";
import type { Completion, TypedCompletion } from "./completion.js";
import type { DeepPartial } from "../schema/typed-schema.js";
import type { CompletionInput } from "./completion-input.js";
import type { CompletionOptions } from "./completion-options.js";
import { runCompletion } from "./run-completion.js";
import type { LoopEvent } from "./loop-event.js";

/**
 * A completion in progress (`endpoint.stream(...)`): iterate it for the events (text and tool-call
 * deltas, calls, decisions, results, round ends) while the loop runs; `completion` resolves with
 * the final `Completion`. The loop runs whether or not anyone iterates. A failed loop rejects
 * `completion` (never an unhandled rejection) and the iteration, after the events before it.
 * Leaving the iteration early (`break`) aborts the loop.
 */
export interface CompletionStream<T = never> extends AsyncIterable<TypedLoopEvent<T>> {
  /** The final completion, like `completions(...)` would return it. */
  readonly completion: Promise<[T] extends [never] ? Completion : TypedCompletion<T>>;
}

/** The events of a stream that asked for a typed answer `T`: partial answers as `DeepPartial<T>`, the answer as `T`. */
export type TypedLoopEvent<T> = [T] extends [never]
  ? LoopEvent
  : | Exclude<LoopEvent, { type: "partial-output" | "output" }>
    | { type: "partial-output"; round: number; partial: DeepPartial<T> }
    | { type: "output"; round: number; output: T };

/** Runs the loop with streamed requests, events delivered as an async iterable. */
export function streamCompletion(
  endpoint: ModelEndpoint,
  model: string,
  input: CompletionInput,
  options: CompletionOptions = {},
): CompletionStream {
  const controller = new AbortController();
  const outer = options.signal;
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener("abort", forward, { once: true });

  // Events not yet taken: `queue` from `head` on (an index, not `shift()`, which moves the rest each time).
  let queue: LoopEvent[] = [];
  let head = 0;
  let wake: (() => void) | undefined;
  let finished = false;
  let closed = false;
  let failure: { error: unknown } | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  // Backpressure (docs/streaming.md): once iterated, the reader is behind while events wait for it,
  // and a paused reply is read again when at most `drainedAt` events wait (it does not run dry
  // while the socket wakes). Never iterated: the loop runs freely.
  let iterating = false;
  let onDrained: (() => void) | undefined;
  let drainedAt = 0;
  const drained = () => {
    const resume = onDrained;
    onDrained = undefined;
    resume?.();
  };
  const backlog: StreamBacklog = {
    get behind() {
      return iterating && head < queue.length;
    },
    whenDrained: (resume) => {
      onDrained = resume;
      drainedAt = Math.min((queue.length - head) >> 1, 16);
    },
  };

  const completion = runCompletion(
    endpoint,
    model,
    input,
    {
      ...options,
      signal: controller.signal,
      onEvent: (event) => {
        queue.push(event);
        notify();
        options.onEvent?.(event);
      },
    },
    true,
    backlog,
  );
  const settle = (error?: { error: unknown }) => {
    outer?.removeEventListener("abort", forward);
    finished = true;
    failure = error;
    notify();
  };
  completion.then(
    () => settle(),
    (error: unknown) => settle({ error }),
  );

  const iterator: AsyncIterator<LoopEvent> = {
    async next() {
      iterating = true;
      for (;;) {
        if (closed) return { done: true, value: undefined };
        if (head < queue.length) {
          const value = queue[head++]!;
          if (head === queue.length) {
            queue.length = 0;
            head = 0;
          } else if (head >= 1024) {
            queue = queue.slice(head); // a consumer that stays behind: drop what it took
            head = 0;
          }
          if (onDrained !== undefined && queue.length - head <= drainedAt) drained(); // may add events at once
          return { done: false, value };
        }
        if (finished) {
          if (failure !== undefined) {
            const { error } = failure;
            failure = undefined;
            throw error;
          }
          return { done: true, value: undefined };
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return() {
      if (!finished) controller.abort(new AbortedError("The stream's consumer stopped iterating."));
      closed = true;
      queue = [];
      head = 0;
      return { done: true, value: undefined };
    },
  };
  return { completion, [Symbol.asyncIterator]: () => iterator };
}
