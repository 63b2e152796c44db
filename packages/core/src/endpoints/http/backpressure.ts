import type { StreamBacklog } from "../stream-backlog.js";

/**
 * How many bytes of a streamed reply may arrive while its reader is behind before the socket is
 * paused (docs/streaming.md): what waits for a slow reader stays about this size (plus what the
 * socket had buffered when reading resumes), however long the reply, instead of growing to
 * `maxResponseBytes`.
 */
export const STREAM_BACKLOG_BYTES = 64 * 1024;

/** What pausing needs of undici's dispatch controller. */
export interface PausableController {
  readonly aborted: boolean;
  pause(): void;
  resume(): void;
}

/**
 * Holds a stream's socket back while its reader is behind. Bytes handed over are counted from the
 * last time the reader had caught up or reading resumed; past the limit (and the reader still
 * behind) the controller is paused until the reader has (nearly) caught up, then resumed. While
 * undici's parser is paused its body timeout does not fire, and it restarts on resume: our own
 * pause is never a timeout.
 */
export class Backpressure {
  #unread = 0;
  #paused = false;
  readonly #backlog: StreamBacklog;
  readonly #limit: number;

  constructor(backlog: StreamBacklog, limit = STREAM_BACKLOG_BYTES) {
    this.#backlog = backlog;
    this.#limit = limit;
  }

  /** Counts `bytes` about to be handed over: from zero again when the reader caught up since the last ones. */
  counting(bytes: number): void {
    this.#unread = this.#backlog.behind ? this.#unread + bytes : bytes;
  }

  /**
   * After a handover: pauses `controller` once past the limit with the reader still behind, and
   * resumes it when the reader has drained, if `reading()` still says the body is being read (a
   * request that ended or was aborted meanwhile is left alone; its socket may serve another).
   */
  check(controller: PausableController, reading: () => boolean): void {
    if (this.#unread <= this.#limit || this.#paused || !this.#backlog.behind) return;
    this.#paused = true;
    controller.pause();
    this.#backlog.whenDrained(() => {
      this.#paused = false;
      this.#unread = 0;
      if (reading() && !controller.aborted) controller.resume();
    });
  }
}
