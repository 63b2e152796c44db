import fc from "fast-check";
import type { ToolCall } from "./tool-call.js";
import { Tool } from "../tools/tool.js";
import { decideByRules, ToolPolicy } from "./tool-policy.js";
import { ToolPolicyStatus } from "./tool-policy-status.js";

function toolNamed(name: string): Tool {
  return new Tool({ name, description: `the ${name} tool`, impl: () => "ok" });
}

function callOf(name: string, args: ToolCall["arguments"] = {}): ToolCall {
  return { id: `call_${name}`, type: "function", name, arguments: args, rawArguments: JSON.stringify(args) };
}

async function statusOf(policy: ToolPolicy, name: string): Promise<ToolPolicyStatus> {
  return (await policy.evaluate(toolNamed(name), callOf(name))).status;
}

describe("ToolPolicy", () => {
  it("has no rules by default: every call needs approval", async () => {
    const result = await new ToolPolicy().evaluate(toolNamed("getWeather"), callOf("getWeather"));
    expect(result.status).toBe(ToolPolicyStatus.Pending);
    expect(result.message).toContain("getWeather");
  });

  it("allows names and patterns", async () => {
    const policy = new ToolPolicy().allow("search", "get*");
    expect(await statusOf(policy, "search")).toBe(ToolPolicyStatus.Allowed);
    expect(await statusOf(policy, "getWeather")).toBe(ToolPolicyStatus.Allowed);
    expect(await statusOf(policy, "deleteAll")).toBe(ToolPolicyStatus.Pending);
  });

  it("lets deny win over allow, even over a more specific allow", async () => {
    const policy = new ToolPolicy().allow("deleteFile", "*").deny("delete*");
    const result = await policy.evaluate(toolNamed("deleteFile"), callOf("deleteFile"));
    expect(result).toEqual({ status: ToolPolicyStatus.Denied, message: 'Denied by the policy (deny "delete*").' });
    expect(await statusOf(policy, "readFile")).toBe(ToolPolicyStatus.Allowed);
  });

  it("names the rule that decided (an exact name before a pattern), in a result of each call's own", () => {
    const policy = new ToolPolicy().allow("get*", "getWeather").deny("drop*");
    const first = decideByRules(policy, callOf("getWeather"));
    const second = decideByRules(policy, callOf("getWeather"));
    expect(first).toEqual({ status: ToolPolicyStatus.Allowed, message: 'Allowed by the policy (allow "getWeather").' });
    expect(second).toEqual(first);
    expect(second).not.toBe(first); // a call's decision may be changed (approve, reject) without touching another's
    expect(decideByRules(policy, callOf("getTime"))?.message).toBe('Allowed by the policy (allow "get*").');
    expect(decideByRules(policy, callOf("dropTable"))).toEqual({
      status: ToolPolicyStatus.Denied,
      message: 'Denied by the policy (deny "drop*").',
    });
    policy.allow("search");
    expect(decideByRules(policy, callOf("search"))?.message).toBe('Allowed by the policy (allow "search").');
  });

  it("asks the evaluator only when no rule covers the call, and passes it the tool and the call", async () => {
    const seen: string[] = [];
    const policy = new ToolPolicy({ allow: ["search"], deny: ["rm"] });
    policy.evaluator = async (tool, call) => {
      seen.push(`${tool.name}:${JSON.stringify(call.arguments)}`);
      return call.arguments?.amount !== undefined && Number(call.arguments.amount) > 100
        ? { status: ToolPolicyStatus.Pending, message: "Payments over 100 need a human." }
        : ToolPolicyStatus.Allowed;
    };
    expect(await statusOf(policy, "search")).toBe(ToolPolicyStatus.Allowed);
    expect(await statusOf(policy, "rm")).toBe(ToolPolicyStatus.Denied);
    expect(await policy.evaluate(toolNamed("pay"), callOf("pay", { amount: 500 }))).toEqual({
      status: ToolPolicyStatus.Pending,
      message: "Payments over 100 need a human.",
    });
    expect((await policy.evaluate(toolNamed("pay"), callOf("pay", { amount: 5 }))).status).toBe(
      ToolPolicyStatus.Allowed,
    );
    expect(seen).toEqual(['pay:{"amount":500}', 'pay:{"amount":5}']);
  });

  it("fails a call to an unregistered tool, whatever the rules", async () => {
    const policy = new ToolPolicy().allow("*");
    const result = await policy.evaluate(undefined, callOf("ghost"));
    expect(result.status).toBe(ToolPolicyStatus.Failed);
    expect(result.message).toContain("ghost");
  });

  it("denies when the evaluator throws or answers nonsense (it never allows by accident)", async () => {
    const throwing = new ToolPolicy({
      evaluator: () => {
        throw new Error("database down");
      },
    });
    const thrown = await throwing.evaluate(toolNamed("a"), callOf("a"));
    expect(thrown.status).toBe(ToolPolicyStatus.Denied);
    expect(thrown.message).toContain("database down");
    const nonsense = new ToolPolicy({ evaluator: () => "yes please" as unknown as ToolPolicyStatus });
    expect(await statusOf(nonsense, "a")).toBe(ToolPolicyStatus.Denied);
  });

  it("refuses an empty rule", () => {
    expect(() => new ToolPolicy().allow("")).toThrow(TypeError);
  });

  it("property: a matching deny rule always wins, whatever else is configured", async () => {
    const names = fc.stringMatching(/^[a-c_]{1,6}$/);
    const patterns = fc.array(fc.stringMatching(/^[a-c_*]{1,4}$/), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(
        names,
        patterns,
        patterns,
        fc.constantFrom(...Object.values(ToolPolicyStatus)),
        async (name, allow, deny, answer) => {
          const policy = new ToolPolicy({ allow, deny: [...deny, name], evaluator: () => answer });
          expect(await statusOf(policy, name)).toBe(ToolPolicyStatus.Denied);
        },
      ),
    );
  });

  it("property: the decision follows deny → allow → evaluator → none", async () => {
    const names = fc.stringMatching(/^[a-c]{1,4}$/);
    const patterns = fc.array(fc.stringMatching(/^[a-c*]{1,3}$/), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(names, patterns, patterns, fc.boolean(), async (name, allow, deny, withEvaluator) => {
        const policy = new ToolPolicy({ allow, deny });
        if (withEvaluator) policy.evaluator = () => ToolPolicyStatus.Failed;
        const regex = (p: string) => new RegExp(`^${p.replace(/\*/g, ".*")}$`).test(name);
        const expected = deny.some(regex)
          ? ToolPolicyStatus.Denied
          : allow.some(regex)
            ? ToolPolicyStatus.Allowed
            : withEvaluator
              ? ToolPolicyStatus.Failed
              : ToolPolicyStatus.Pending;
        expect(await statusOf(policy, name)).toBe(expected);
      }),
    );
  });

  it("decides by its rules without a promise exactly as evaluate does, and leaves the rest to evaluate", async () => {
    const policy = new ToolPolicy({ allow: ["get*"], deny: ["get_secret"], evaluator: () => ToolPolicyStatus.Allowed });
    for (const name of ["get_weather", "get_secret"]) {
      expect(decideByRules(policy, callOf(name))).toEqual(await policy.evaluate(toolNamed(name), callOf(name)));
    }
    expect(decideByRules(policy, callOf("send_mail"))).toBeUndefined(); // the evaluator's to decide

    // A policy that decides in its own evaluate is always asked.
    class Strict extends ToolPolicy {
      override evaluate() {
        return Promise.resolve({ status: ToolPolicyStatus.Denied, message: "nothing runs here" });
      }
    }
    expect(decideByRules(new Strict({ allow: ["*"] }), callOf("get_weather"))).toBeUndefined();
  });
});
