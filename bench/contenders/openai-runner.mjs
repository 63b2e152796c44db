// The OpenAI SDK's tool runner: chat.completions.runTools with runnable function tools whose
// `parse` validates with zod (the SDK README's pattern). Its zodFunction helper insists on
// strict schemas (every optional field nullable), which would change the scenario, so the
// parameters are the same zod schemas turned into JSON Schema once by zod itself.
import OpenAI from "openai";
import { z } from "zod";
import { MODEL, promptFor, ROUNDS, toolsFor } from "../scenario.mjs";
import { zodSchemaFor } from "./zod-schemas.mjs";

/** Builds the client and tools once; `run(c)` plays conversation `c`. */
export async function create(url, impls, options = {}) {
  const rounds = options.rounds ?? ROUNDS;
  const client = new OpenAI({ baseURL: url, apiKey: "bench", maxRetries: 0 });
  const runnable = toolsFor(options.tools).map((t) => {
    const schema = zodSchemaFor(t.name);
    return {
      type: "function",
      function: {
        name: t.name,
        description: t.description,
        parameters: z.toJSONSchema(schema, { io: "input" }),
        parse: (input) => schema.parse(JSON.parse(input)),
        function: impls[t.name] ?? (() => ({})),
      },
    };
  });
  return {
    async run(c) {
      const runner = client.chat.completions.runTools(
        { model: MODEL, messages: [{ role: "user", content: promptFor(c) }], tools: runnable },
        { maxChatCompletions: rounds + 2 },
      );
      const text = await runner.finalContent();
      const results = runner.messages.filter((m) => m.role === "tool").length;
      if (results !== rounds) throw new Error(`openai-runner: ${results} tool results`);
      return text;
    },
  };
}
