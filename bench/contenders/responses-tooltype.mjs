// tooltype over the Responses API: OpenAIResponses and the same loop as the `tooltype` contender,
// tools declared with hand-written JSON Schemas (what the transformer would emit).
import { completions, Context, OpenAIResponses, ToolPolicyStatus } from "@tooltype/core";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

/** Builds one endpoint (and its registry) once; `run(c)` plays conversation `c`. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const ep = new OpenAIResponses({ baseURL: url, apiKey: "bench" });
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
      const completion = await completions(ep, MODEL, ctx, rounds + 1);
      const failed = completion.calls.filter((call) => call.policyResult?.status !== ToolPolicyStatus.Allowed);
      if (completion.stopped !== "done" || completion.calls.length !== rounds || failed.length > 0) {
        throw new Error(
          `responses-tooltype: stopped "${completion.stopped}" after ${completion.calls.length} calls: ${failed.map((call) => call.policyResult?.message).join("; ")}`,
        );
      }
      return completion.text;
    },
  };
}
