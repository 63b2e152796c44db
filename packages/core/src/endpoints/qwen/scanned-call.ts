// What the text scanner finds in a tool call block, before arguments are read and typed.

/** One `<parameter=NAME>value</parameter>` as written (the value with its whitespace untouched). */
export interface ScannedParameter {
  name: string;
  value: string;
}

/** One call found in a block, before its arguments are read. `cut`: the input ended inside it. */
export type ScannedCall =
  /** Hermes JSON (`name` undefined: the JSON holds it) or `<function=NAME>{json}</function>`. */
  | { form: "json"; name: string | undefined; json: string; cut: boolean }
  /** Qwen3-Coder XML parameters. */
  | { form: "xml"; name: string; parameters: ScannedParameter[]; cut: boolean }
  /** A block that could not be read; `problem` says why, for the model. */
  | { form: "unreadable"; name: string | undefined; problem: string; cut: boolean };

/** One extracted block: its calls (usually one) and its text as written. */
export interface ScannedBlock {
  source: string;
  calls: ScannedCall[];
}

/** Where a block reader reports: finished blocks, and text that turned out not to be part of one. */
export interface BlockListener {
  text(piece: string): void;
  block(block: ScannedBlock): void;
}
