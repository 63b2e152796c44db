/**
 * Whether the reader of a streamed reply's events keeps up (backpressure, docs/streaming.md).
 * `endpoint.stream(...)` passes one with each streamed request once its events are iterated: an
 * endpoint that reads the reply from a socket stops reading once the reply's bytes that arrived
 * while the reader was `behind` pass its bound, and reads again when `whenDrained` calls back.
 * An endpoint that has no socket to hold back (a router passes the request on) may ignore it.
 */
export interface StreamBacklog {
  /** True while events handed to `onEvent` wait, not yet taken by the reader. */
  readonly behind: boolean;
  /**
   * Calls `resume` once, when the reader has nearly caught up (a few events may still wait, so that
   * it does not run dry while the reply wakes up), or never once it stopped reading. One callback
   * at a time: a second call replaces the first.
   */
  whenDrained(resume: () => void): void;
}
