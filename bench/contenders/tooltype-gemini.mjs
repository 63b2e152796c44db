// tooltype's Gemini endpoint: the same loop as the `tooltype` contender, on the Gemini wire.
import { Context, Gemini, ToolPolicyStatus } from "@tooltype/core";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

/** Builds one endpoint (and its registry) once; `run(c)` plays conversation `c`. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const ep = new Gemini({ baseURL: new URL(url).origin, apiKey: "bench" });
  for (const t of toolsFor(options.tools))
    ep.tools.define({
      name: t.name,
      description: t.description,
      schema: t.schema,
      impl: impls[t.name] ?? (() => ({})),
    });
  return {
    async run(c) {
      const ctx = new Context();
      ctx.user(promptFor(c));
      ctx.toolPolicy.allow("*");
      const completion = await ep.completions(MODEL, ctx, { maxToolRounds: rounds + 1 });
      const failed = completion.calls.filter((call) => call.policyResult?.status !== ToolPolicyStatus.Allowed);
      if (completion.stopped !== "done" || completion.calls.length !== rounds || failed.length > 0)
        throw new Error(`tooltype-gemini: stopped "${completion.stopped}" after ${completion.calls.length} calls`);
      return completion.text;
    },
  };
}
