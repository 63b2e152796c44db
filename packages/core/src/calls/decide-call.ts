import { failCall } from "../context/error-result.js";
import type { ToolCall } from "../policy/tool-call.js";
import { decideByRules } from "../policy/tool-policy.js";
import type { PolicyResult } from "../policy/tool-policy-status.js";
import { argumentsProblem, textProblem } from "./call-arguments.js";
import type { RunnerSettings } from "./runner-settings.js";

/**
 * Decides one call and records the decision on `call.policyResult`: `Failed` when it cannot run
 * at all (no such tool among those offered, the wrong kind of input, unusable arguments), else
 * the policy's. The arguments are checked under the limits (and repaired, when asked) before the
 * policy sees the call. Settles without a promise when the policy's rules decide (no evaluator
 * asked).
 */
export function decideCall(call: ToolCall, settings: RunnerSettings, strict: boolean): Promise<void> | undefined {
  const tool = settings.registry.find(call.name);
  if (tool === undefined || (settings.offered !== undefined && !settings.offered.has(call.name)))
    return failUnknown(call, settings);
  // The same text, but the registry's copy: a long conversation keeps one name string per tool, not one per call.
  if (tool.name === call.name) call.name = tool.name;
  if ((call.type === "custom") !== tool.custom) {
    failCall(
      call,
      tool.custom
        ? `${tool.name} takes free text, not JSON arguments.`
        : `${tool.name} takes JSON arguments, not free text.`,
    );
    return undefined;
  }
  const problem = tool.custom
    ? textProblem(tool, call, settings)
    : argumentsProblem(tool, call, settings, { repair: settings.repair, strict });
  if (problem !== undefined) {
    failCall(call, problem);
    return undefined;
  }
  const ruled = decideByRules(settings.policy, call);
  if (ruled === undefined) return settings.policy.evaluate(tool, call).then((decision) => record(call, decision));
  record(call, ruled);
  return undefined;
}

async function failUnknown(call: ToolCall, settings: RunnerSettings): Promise<void> {
  const { message } = await settings.policy.evaluate(undefined, call);
  const names =
    settings.offered !== undefined ? [...settings.offered] : settings.registry.list().map((tool) => tool.name);
  failCall(call, `${message} Available tools: ${names.length > 0 ? names.join(", ") : "none"}.`);
}

function record(call: ToolCall, decision: PolicyResult): void {
  call.policyResult = decision;
}
