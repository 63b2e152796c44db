import type { JSONObject } from "../json.js";
import type { CallOutcome } from "./call-outcome.js";
import type { PolicyResult } from "./tool-policy-status.js";
import type { RepairRecord } from "../schema/repair-record.js";
import type { ToolResult } from "../tools/tool-result.js";

/** One tool call the model asked for, with what became of it. */
export interface ToolCall {
  /** The provider's call id, or a synthetic one (`call_…`) when the model sent none. */
  id: string;
  /** `function` for JSON-argument tools, `custom` for free-text tools. */
  type: "function" | "custom";
  /** The tool's name as the model wrote it. */
  name: string;
  /** The parsed arguments object; `null` when the model's arguments were unusable (see `argumentError`). */
  arguments: JSONObject | null;
  /** The arguments exactly as received (for a custom tool, its raw text input). */
  rawArguments: string;
  /** Why `arguments` is `null`, in words the model can act on. */
  argumentError?: string;
  /** What `repair: true` changed to make the arguments usable, one record per repair (absent when nothing was repaired). */
  repaired?: RepairRecord[];
  /**
   * The decision, once made: the policy's (`Allowed`, `Denied`, `Pending`), or `Failed` when the call
   * cannot run at all (unknown tool, unusable arguments, the evaluator failed it, changed after its
   * decision, part of a cut reply). How an allowed call's run went is `outcome`.
   */
  policyResult?: PolicyResult;
  /** How the run of an allowed call ended when the tool did not return (failed, timed out, cancelled, interrupted). */
  outcome?: CallOutcome;
  /** The result sent back to the model, once the call ran or failed. */
  result?: ToolResult;
  /** Provider data that must go back with this call (Gemini's `extra_content.thought_signature`). */
  extra?: JSONObject;
  /**
   * Hash of the id, type, name and arguments when the decision was recorded (`sha256:…`): an
   * approval is bound to it, and a call that no longer matches fails instead of running.
   */
  binding?: string;
  /** Set just before the tool runs: a stored call that started but has no result was interrupted (it never runs twice). */
  started?: boolean;
}
