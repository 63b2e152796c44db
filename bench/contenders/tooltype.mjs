// tooltype: the endpoint's own loop. Tools are declared with hand-written JSON Schemas via
// tools.define: what the transformer would emit at compile time, so no run-time cost is hidden.
// BENCH_CORE (a path to another build's dist/esm/index.js) runs that core instead (side-by-side.mjs).
import { pathToFileURL } from "node:url";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";

const { completions, Context, OpenAI, ToolPolicyStatus } = await import(
  process.env.BENCH_CORE ? pathToFileURL(process.env.BENCH_CORE).href : "@tooltype/core"
);

/**
 * Builds one endpoint (and its registry) once; `run(c)` plays conversation `c`
 * (with `options.completion`, e.g. hooks).
 * `options.rounds`: tool rounds per conversation; `options.tools`: how many tools are offered.
 */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const ep = new OpenAI({ baseURL: url, apiKey: "bench" });
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
      const completion = await completions(ep, MODEL, ctx, rounds + 1, options.completion);
      const failed = completion.calls.filter((call) => call.policyResult?.status !== ToolPolicyStatus.Allowed);
      if (completion.stopped !== "done" || completion.calls.length !== rounds || failed.length > 0) {
        throw new Error(
          `tooltype: stopped "${completion.stopped}" after ${completion.calls.length} calls: ${failed.map((call) => call.policyResult?.message).join("; ")}`,
        );
      }
      return completion.text;
    },
  };
}
