import { thrownMessage } from "../tools/result-conversion.js";
import type { ToolCall } from "./tool-call.js";
import type { Tool } from "../tools/tool.js";
import { isToolPolicyStatus, ToolPolicyStatus, type PolicyResult } from "./tool-policy-status.js";
import { sharedNamePattern, type NamePattern } from "./wildcard.js";

/** What an evaluator may answer: a status (the message is filled in), or a status with its own message. */
export type PolicyDecision = ToolPolicyStatus | PolicyResult;

/**
 * Decides calls that no `allow`/`deny` rule covers. Receives the registered tool and the call
 * (its arguments already validated); may be async. Throwing or answering something that is not
 * a decision denies the call (a policy that cannot decide must not allow).
 */
export type ToolPolicyEvaluator = (tool: Tool, call: ToolCall) => PolicyDecision | Promise<PolicyDecision>;

/** Rules to start a policy with (the same as calling `allow`, `deny` and setting `evaluator`). */
export interface ToolPolicyOptions {
  /** Names and patterns whose calls run without asking (as `policy.allow(...)`). */
  allow?: readonly string[];
  /** Names and patterns whose calls are refused (as `policy.deny(...)`; a deny beats an allow). */
  deny?: readonly string[];
  /** Decides the calls no rule covers (as `policy.evaluator = ...`). */
  evaluator?: ToolPolicyEvaluator;
}

/**
 * A set of names and patterns, exact names looked up in O(1), each with the decision message of
 * its rule, written once per rule: every call a rule decides shares that one string.
 */
class NameSet {
  readonly #exact = new Map<string, string>();
  readonly #patterns: { pattern: NamePattern; message: string }[] = [];
  readonly #sources: string[] = [];

  constructor(private readonly messageOf: (source: string) => string) {}

  add(source: string): void {
    const pattern = sharedNamePattern(source);
    if (this.#sources.includes(source)) return;
    this.#sources.push(source);
    const message = this.messageOf(source);
    if (source.includes("*")) this.#patterns.push({ pattern, message });
    else this.#exact.set(source, message);
  }

  /** The message of the first entry matching `name` (the exact name first), or undefined. */
  match(name: string): string | undefined {
    return this.#exact.get(name) ?? this.#patterns.find((entry) => entry.pattern.matches(name))?.message;
  }

  get sources(): readonly string[] {
    return this.#sources;
  }
}

// Set by ToolPolicy's static block: reaches its private rules for `decideByRules`.
let byRules: (policy: ToolPolicy, call: ToolCall) => PolicyResult | undefined;

/**
 * Which tool calls may run. The model asks, the policy decides, the application stays in charge:
 * - `deny` rules win over everything (`Denied`);
 * - else `allow` rules (`Allowed`);
 * - else the `evaluator`, when there is one;
 * - else `None`: the loop reports the call as `Pending`, waiting for `ctx.approve(id)`.
 * A new policy has no rules, so nothing runs until the application says so. A policy is code:
 * it is never serialised with a context (set it again after `Context.fromJSON`).
 */
export class ToolPolicy {
  readonly #allowed = new NameSet((source) => `Allowed by the policy (allow "${source}").`);
  readonly #denied = new NameSet((source) => `Denied by the policy (deny "${source}").`);
  /** Decides the calls no rule covers; `undefined`: they wait for approval. */
  evaluator: ToolPolicyEvaluator | undefined;

  constructor(options: ToolPolicyOptions = {}) {
    if (options.allow) this.allow(...options.allow);
    if (options.deny) this.deny(...options.deny);
    this.evaluator = options.evaluator;
  }

  /** Lets tools run without asking: names, or patterns with `*` (`"get*"`, `"*"`). */
  allow(...names: string[]): this {
    for (const name of names) this.#allowed.add(name);
    return this;
  }

  /** Refuses tools whatever else says (deny wins over allow): names, or patterns with `*`. */
  deny(...names: string[]): this {
    for (const name of names) this.#denied.add(name);
    return this;
  }

  /** The `allow` entries, in the order given. */
  get allowed(): readonly string[] {
    return this.#allowed.sources;
  }

  /** The `deny` entries, in the order given. */
  get denied(): readonly string[] {
    return this.#denied.sources;
  }

  /**
   * Decides one call. `tool` is the registered tool of `call.name`, or undefined when there is
   * none (→ `Failed`). Never rejects: a throwing evaluator denies the call.
   */
  async evaluate(tool: Tool | undefined, call: ToolCall): Promise<PolicyResult> {
    if (tool === undefined) {
      return { status: ToolPolicyStatus.Failed, message: `No tool named "${call.name}" is registered.` };
    }
    const ruled = this.#byRules(call);
    if (ruled !== undefined) return ruled;
    const evaluator = this.evaluator;
    if (evaluator === undefined) {
      return { status: ToolPolicyStatus.Pending, message: `No policy rule covers "${call.name}": it needs approval.` };
    }
    try {
      return normalise(await evaluator(tool, call));
    } catch (error) {
      const reason = thrownMessage(error);
      return {
        status: ToolPolicyStatus.Denied,
        message: `The policy evaluator failed, so the call was not allowed: ${reason}`,
      };
    }
  }

  // The deny and allow rules alone: undefined when neither covers the call.
  #byRules(call: ToolCall): PolicyResult | undefined {
    const denied = this.#denied.match(call.name);
    if (denied !== undefined) return { status: ToolPolicyStatus.Denied, message: denied };
    const allowed = this.#allowed.match(call.name);
    if (allowed !== undefined) return { status: ToolPolicyStatus.Allowed, message: allowed };
    return undefined;
  }

  static {
    byRules = (policy, call) => policy.#byRules(call);
  }
}

/**
 * The decision on a registered tool's call when `policy`'s rules settle it, without a promise
 * (the loop decides every call of every round: a round without promises measured 1.14× the
 * floor in `bench/side-by-side.mjs rounds`, against 1.23× with them); undefined when the
 * evaluator (or a subclass's own `evaluate`) must be asked. Always the same answer as `evaluate`.
 */
export function decideByRules(policy: ToolPolicy, call: ToolCall): PolicyResult | undefined {
  return policy.evaluate === ToolPolicy.prototype.evaluate ? byRules(policy, call) : undefined;
}

const defaultMessages: Record<ToolPolicyStatus, string> = {
  [ToolPolicyStatus.Allowed]: "Allowed by the policy evaluator.",
  [ToolPolicyStatus.Denied]: "Denied by the policy evaluator.",
  [ToolPolicyStatus.Pending]: "The policy evaluator asks for approval.",
  [ToolPolicyStatus.Failed]: "The policy evaluator failed the call.",
};

function normalise(decision: unknown): PolicyResult {
  if (isToolPolicyStatus(decision)) return { status: decision, message: defaultMessages[decision] };
  if (typeof decision === "object" && decision !== null) {
    const { status, message } = decision as { status?: unknown; message?: unknown };
    if (isToolPolicyStatus(status)) {
      return { status, message: typeof message === "string" && message !== "" ? message : defaultMessages[status] };
    }
  }
  return {
    status: ToolPolicyStatus.Denied,
    message: "The policy evaluator answered something that is not a decision, so the call was not allowed.",
  };
}
