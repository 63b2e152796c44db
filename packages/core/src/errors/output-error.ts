import type { ArgumentIssue } from "./tool-argument-error.js";
import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/**
 * A typed answer (`options.output`) that still did not match its schema after the model was asked
 * again `outputRetries` times: the last answer's issues and its text as the model sent it.
 */
export class OutputError extends TooltypeError {
  /** Every failing path of the last answer (`path: ""` is the answer itself, e.g. text that is not JSON). */
  readonly issues: readonly ArgumentIssue[];
  /** The last answer as the model wrote it. */
  readonly text: string;
  /** How many answers were asked for in all (the first one and the retries). */
  readonly attempts: number;

  constructor(message: string, issues: readonly ArgumentIssue[], text: string, attempts: number) {
    super("OUTPUT", message);
    this.issues = issues;
    this.text = text;
    this.attempts = attempts;
  }

  /** True for any `OutputError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is OutputError {
    return isTooltypeErrorWithCode(value, "OUTPUT");
  }
}
