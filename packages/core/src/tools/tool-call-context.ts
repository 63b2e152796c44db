import type { JSONObject } from "../json.js";

/**
 * What a running tool knows about its call. A parameter typed `ToolCallContext` receives it and
 * is left out of the schema. `TApp` is the application value passed as `options.toolContext`.
 */
export interface ToolCallContext<TApp = unknown> {
  /** The call's id as the model sent it (or the synthetic one tooltype gave it). */
  readonly callId: string;
  /** Aborted when the request is cancelled or the tool's timeout runs out: pass it on to fetch, child processes, … */
  readonly signal: AbortSignal;
  /** The conversation this call belongs to, when the call runs inside a completion loop. */
  readonly context?: unknown;
  /** The application's own value (`completions(…, { toolContext })`): the user, a database handle, … */
  readonly toolContext?: TApp;
  /** The validated arguments as the model sent them. */
  readonly arguments?: JSONObject;
}
