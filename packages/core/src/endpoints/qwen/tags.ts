// The tags of tool calls written as text (docs/wire-format.md, "Hermes and Qwen calls written as text"), and
// an incremental matcher for them. Every tag starts with "<" and holds no other "<", which is
// what lets a failed match hand its characters back as plain content without rescanning.

/** Opens a Hermes or Qwen XML call. */
export const TOOL_CALL = "<tool_call>";
/** Closes a `<tool_call>`. */
export const TOOL_CALL_END = "</tool_call>";
/** Opens a function (`<function=NAME>`): the name and `>` follow. */
export const FUNCTION = "<function=";
/** Closes a function. */
export const FUNCTION_END = "</function>";
/** Opens a Qwen XML parameter (`<parameter=NAME>`): the name and `>` follow. */
export const PARAMETER = "<parameter=";
/** Closes a parameter. */
export const PARAMETER_END = "</parameter>";
/** Opens reasoning. */
export const THINK = "<think>";
/** Closes reasoning (alone, it ends reasoning that started before the reply: Qwen3 thinking models). */
export const THINK_END = "</think>";

/** What one matching attempt found. */
export type TagMatch =
  /** A whole tag, consumed; `index` is just after it. */
  | { index: number; tag: string }
  /** The input ended inside a possible tag: its characters are held until more arrive. */
  | { index: number; tag: undefined }
  /** No tag here: the held characters (`TagMatcher.take()`) are content; `index` is not consumed. */
  | { index: number; tag: null };

/**
 * Matches tags across chunk boundaries: holds the characters of a possible tag (never more than
 * the longest tag) until it is whole or cannot be one.
 */
export class TagMatcher {
  #held = "";

  /** Whether characters of a possible tag are held. */
  get holding(): boolean {
    return this.#held !== "";
  }

  /** Hands back the held characters (as content) and forgets them. */
  take(): string {
    const held = this.#held;
    this.#held = "";
    return held;
  }

  /**
   * Hands content up to the next "<" to `sink`, or matches `tags` there: `tag` is set when a whole
   * tag was consumed; held characters that turned out not to be a tag go to `sink` as content.
   */
  content(
    chunk: string,
    i: number,
    tags: readonly string[],
    sink: (piece: string) => void,
  ): { index: number; tag?: string } {
    if (this.#held === "") {
      const lt = chunk.indexOf("<", i);
      if (lt < 0 || lt > i) {
        const end = lt < 0 ? chunk.length : lt;
        sink(chunk.slice(i, end));
        return { index: end };
      }
    }
    const found = this.match(chunk, i, tags);
    if (found.tag === null) sink(this.take());
    return found.tag ? { index: found.index, tag: found.tag } : { index: found.index };
  }

  /**
   * Tries to match one of `tags` at `chunk[index]` (which is "<" unless characters are held):
   * consumes characters while they still start one of the tags.
   */
  match(chunk: string, index: number, tags: readonly string[]): TagMatch {
    let held = this.#held;
    let i = index;
    if (held === "") {
      held = "<";
      i++;
    }
    // Held characters carried over from another state may not start any of this state's tags.
    if (!tags.some((tag) => tag.startsWith(held))) return { index, tag: null };
    for (;;) {
      const whole = tags.find((tag) => tag === held);
      if (whole !== undefined) {
        this.#held = "";
        return { index: i, tag: whole };
      }
      if (i >= chunk.length) {
        this.#held = held;
        return { index: i, tag: undefined };
      }
      const next = held + chunk[i]!;
      if (!tags.some((tag) => tag.startsWith(next))) {
        this.#held = held;
        return { index: i, tag: null };
      }
      held = next;
      i++;
    }
  }
}

/** Whether a UTF-16 code is JSON/XML whitespace (space, tab, CR, LF). */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Skips whitespace from `chunk[i]`, handing it to `sink`; returns where it stopped. */
export function skipSpaces(chunk: string, i: number, sink: (piece: string) => void): number {
  let j = i;
  while (j < chunk.length && isSpace(chunk.charCodeAt(j))) j++;
  if (j > i) sink(chunk.slice(i, j));
  return j;
}
