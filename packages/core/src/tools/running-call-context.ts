import type { JSONObject } from "../json.js";
import type { ToolCallContext } from "./tool-call-context.js";

// One getter for every context: an object literal with `get signal()` made a new getter function
// per call, which gave each context a map of its own (a dictionary-mode object, ~2 µs per call
// warm, several times that while the program warms up). A shared getter keeps one map.
const signalProperty: PropertyDescriptor = {
  get(this: RunningCallContext): AbortSignal {
    return RunningCallContext.signalOf(this);
  },
  enumerable: true,
  configurable: true,
};

/**
 * The `ToolCallContext` a running tool receives: a plain-looking object whose own enumerable
 * properties are, in order, `callId`, `signal` (an accessor: the signal is made when first read),
 * `context`, `toolContext` and `arguments`, as an object literal would have them.
 */
export class RunningCallContext implements ToolCallContext {
  readonly #signalOf: () => AbortSignal;
  // Declared only: class fields would be defined before the constructor runs, `signal` after them.
  declare readonly callId: string;
  declare readonly signal: AbortSignal;
  declare readonly context: unknown;
  declare readonly toolContext: unknown;
  declare readonly arguments: JSONObject | undefined;

  constructor(
    callId: string,
    signalOf: () => AbortSignal,
    context: unknown,
    toolContext: unknown,
    args: JSONObject | undefined,
  ) {
    this.#signalOf = signalOf;
    this.callId = callId;
    Object.defineProperty(this, "signal", signalProperty);
    this.context = context;
    this.toolContext = toolContext;
    this.arguments = args;
  }

  /** The signal of `context`, made on first read by the deadline run. */
  static signalOf(context: RunningCallContext): AbortSignal {
    return context.#signalOf();
  }
}
