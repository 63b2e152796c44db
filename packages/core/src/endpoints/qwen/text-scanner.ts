import { CallBlockReader } from "./call-block.js";
import type { ScannedBlock } from "./scanned-call.js";
import { FUNCTION, TagMatcher, THINK, THINK_END, TOOL_CALL } from "./tags.js";

/** Receives what the scanner finds, in input order. */
export interface ScanListener {
  /** Visible text (untrimmed pieces). */
  text(piece: string): void;
  /** Text inside `<think>…</think>`. */
  reasoning(piece: string): void;
  /** A lone `</think>` (no `<think>` before it): everything reported before it was reasoning. */
  reasoningEnd(): void;
  /** A tool call block. */
  block(block: ScannedBlock): void;
}

const textTags = [TOOL_CALL, FUNCTION, THINK, THINK_END];
const thinkTags = [THINK_END];

/**
 * Finds tool calls written as text (Hermes `<tool_call>{json}</tool_call>`,
 * `<function=NAME>{json}</function>`, Qwen3-Coder
 * `<tool_call><function=NAME><parameter=P>…</parameter></function></tool_call>`) and reasoning
 * (`<think>…</think>`, a lone `</think>`), chunk by chunk. A resumable state machine: each
 * character is looked at a bounded number of times however the input is split, so the work is
 * linear in the input; nothing is reported as text while it may still turn out
 * to belong to a call (a partial tag, a bare `<function=NAME>` not yet decided). Splitting the
 * input differently never changes what is reported, only how text pieces are cut.
 */
export class QwenTextScanner {
  #thinking = false;
  #sawThink = false;
  #loneThinkEnded = false;
  readonly #tags = new TagMatcher();
  readonly #block: CallBlockReader;

  constructor(private readonly out: ScanListener) {
    this.#block = new CallBlockReader(this.#tags, out);
  }

  /** Reads the next piece of the text. */
  push(chunk: string): void {
    let i = 0;
    while (i < chunk.length) {
      i = this.#block.active
        ? this.#block.step(chunk, i)
        : this.#thinking
          ? this.#think(chunk, i)
          : this.#text(chunk, i);
    }
  }

  /** The text is complete: whatever is still open is decided (a block cut off, held characters). */
  end(): void {
    if (this.#block.active) return this.#block.end();
    const held = this.#tags.take();
    if (held === "") return;
    if (this.#thinking) this.out.reasoning(held);
    else this.out.text(held);
  }

  #text(chunk: string, i: number): number {
    const { index, tag } = this.#tags.content(chunk, i, textTags, (piece) => this.out.text(piece));
    if (tag === TOOL_CALL || tag === FUNCTION) {
      this.#block.start(tag);
    } else if (tag === THINK) {
      this.#sawThink = true;
      this.#thinking = true;
    } else if (tag === THINK_END) {
      // Only the first </think> with no <think> before it ends reasoning begun before the reply.
      if (this.#sawThink || this.#loneThinkEnded) this.out.text(tag);
      else {
        this.#loneThinkEnded = true;
        this.out.reasoningEnd();
      }
    }
    return index;
  }

  #think(chunk: string, i: number): number {
    const { index, tag } = this.#tags.content(chunk, i, thinkTags, (piece) => this.out.reasoning(piece));
    if (tag !== undefined) this.#thinking = false;
    return index;
  }
}
