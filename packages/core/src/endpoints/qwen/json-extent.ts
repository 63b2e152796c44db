/** Where a JSON object's scan stopped: after its closing brace, at a "<" outside a string, or at the chunk's end. */
export interface ExtentScan {
  index: number;
  state: "closed" | "invalid" | "open";
}

/**
 * Follows the extent of one JSON object chunk by chunk, without parsing it: brackets are counted
 * outside strings, escapes inside them are skipped. A "<" outside a string cannot be JSON (it is
 * where a closing tag of a malformed call stands), so the scan stops there.
 */
export class JsonExtent {
  #depth = 0;
  #inString = false;
  #escaped = false;

  /** Starts a new object (the next character scanned is its "{"). */
  reset(): void {
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
  }

  /** Scans `chunk` from `i`. */
  scan(chunk: string, i: number): ExtentScan {
    for (let j = i; j < chunk.length; j++) {
      const c = chunk.charCodeAt(j);
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === 0x5c) this.#escaped = true;
        else if (c === 0x22) this.#inString = false;
      } else if (c === 0x22) this.#inString = true;
      else if (c === 0x7b || c === 0x5b) this.#depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (--this.#depth === 0) return { index: j + 1, state: "closed" };
      } else if (c === 0x3c) return { index: j, state: "invalid" };
    }
    return { index: chunk.length, state: "open" };
  }
}
