import { JsonExtent } from "./json-extent.js";
import type { BlockListener, ScannedCall, ScannedParameter } from "./scanned-call.js";
import type { TagMatcher } from "./tags.js";

/** Where a block reader is: idle, or which part of a block it is reading. */
export type BlockMode =
  | "idle"
  | "callOpen"
  | "fnName"
  | "fnBody"
  | "json"
  | "afterJson"
  | "paramName"
  | "paramValue"
  | "afterParam"
  | "fnEnd"
  | "junk";

/**
 * The state of the tool call block being read (its text as written, the calls found so far,
 * the part being read) and the ways a block ends: finished, cut off, or handed back as text.
 * `CallBlockReader` adds the transitions.
 */
export class CallBlockState {
  protected mode: BlockMode = "idle";
  protected wrapped = false;
  protected raw: string[] = [];
  protected calls: ScannedCall[] = [];
  protected fnName: string | undefined;
  protected name = "";
  protected json: string[] = [];
  protected readonly extent = new JsonExtent();
  protected params: ScannedParameter[] = [];
  protected paramName = "";
  protected value: string[] = [];
  protected afterWs = "";
  protected problem = "";

  constructor(
    protected readonly tags: TagMatcher,
    protected readonly out: BlockListener,
  ) {}

  protected keep = (piece: string): void => {
    this.raw.push(piece);
  };

  /** Ends a block whose closing tag is missing: the whitespace read after its payload is text again. */
  protected endKeepingSpace(i: number): number {
    const ws = this.afterWs;
    this.finish();
    if (ws !== "") this.out.text(ws);
    return i;
  }

  protected endParameter(): void {
    this.params.push({ name: this.paramName, value: this.value.join("") });
    this.value = [];
  }

  /** The block cannot be read: skip to its closing tag, remembering why (for the model). */
  protected toJunk(i: number, problem: string): number {
    this.problem = problem;
    this.mode = "junk";
    return i;
  }

  /** A bare `<function=…` that is not a call after all: its characters are text. */
  protected revert(i: number): number {
    this.out.text(this.raw.join(""));
    this.reset();
    return i;
  }

  protected cutOff(call: ScannedCall): void {
    this.calls.push(call);
    this.finish();
  }

  /** Reports the block (its calls and its text as written) and goes idle. */
  protected finish(): void {
    this.out.block({ source: this.raw.join(""), calls: this.calls });
    this.reset();
  }

  protected reset(): void {
    this.mode = "idle";
    this.raw = [];
    this.calls = [];
    this.fnName = undefined;
    this.name = "";
    this.json = [];
    this.params = [];
    this.value = [];
    this.afterWs = "";
    this.problem = "";
  }
}
