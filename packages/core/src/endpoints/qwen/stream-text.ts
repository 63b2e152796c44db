import { QwenTextScanner } from "./text-scanner.js";
import type { StreamEvent } from "../stream-event.js";

/**
 * Filters a streamed reply's text deltas in the `qwen` dialect: a delta is reported only once it
 * is known to be visible text. A possible partial tag (`<tool_c…`) is held until resolved, text
 * inside a call or inside `<think>…</think>` is never reported, and whitespace at both ends is
 * held back and dropped, so the deltas join to the reply's final text. (One exception: text
 * before a lone `</think>` was streamed before the `</think>` said it was reasoning.) Other events
 * pass through unchanged.
 */
export class QwenTextDeltas {
  readonly #scanner: QwenTextScanner;
  #round = 0;
  #started = false;
  #space = "";

  constructor(private readonly forward: (event: StreamEvent) => void) {
    this.#scanner = new QwenTextScanner({
      text: (piece) => this.#visible(piece),
      reasoning: () => {},
      reasoningEnd: () => {
        this.#started = false;
        this.#space = "";
      },
      block: () => {},
    });
  }

  /** The listener to give the stream assembler. */
  readonly onEvent = (event: StreamEvent): void => {
    if (event.type !== "text-delta") return this.forward(event);
    this.#round = event.round;
    this.#scanner.push(event.text);
  };

  /** The stream ended complete: held characters that turned out to be text are reported. */
  end(): void {
    this.#scanner.end();
  }

  #visible(piece: string): void {
    let text = piece;
    if (!this.#started) {
      text = text.trimStart();
      if (text === "") return;
      this.#started = true;
    }
    const body = text.trimEnd();
    if (body === "") {
      this.#space += text;
      return;
    }
    this.forward({ type: "text-delta", round: this.#round, text: this.#space + body });
    this.#space = text.slice(body.length);
  }
}
