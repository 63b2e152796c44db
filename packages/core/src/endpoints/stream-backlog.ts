/**
 * Whether the reader of a streamed reply's events keeps up (backpressure, docs/streaming.md).
 * `endpoint.stream(...)` passes one with each streamed request once its events are iterated: an
 * endpoint that reads the reply from a socket stops reading once the reply's bytes that arrived
 * while the reader was `behind` pass its bound, and reads again when `whenCaughtUp` calls back.
 * An endpoint that has no socket to hold back (a router passes the request on) may ignore it.
 */
export interface StreamBacklog {
  /** True while events handed to `onEvent` wait, not yet taken by the reader. */
  readonly behind: boolean;
  /**
   * Calls `caughtUp` once, when the reader has taken every event handed over so far (or has
   * stopped reading: it is not called back after that). One callback at a time: a second call
   * replaces the first.
   */
  whenCaughtUp(caughtUp: () => void): void;
}
