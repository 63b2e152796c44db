// A local Qwen model writing tool calls as text: `npm run demo` builds the examples, then run
// `node examples/dist/qwen/main.js`. With TOOLTYPE_BASE_URL set it talks to that server, e.g.
//   LM Studio  TOOLTYPE_BASE_URL=http://localhost:1234  TOOLTYPE_MODEL=qwen3-8b
//   Ollama     TOOLTYPE_BASE_URL=http://localhost:11434 TOOLTYPE_MODEL=qwen3:8b
//   llama.cpp  TOOLTYPE_BASE_URL=http://localhost:8080  (llama-server without --jinja writes calls as text)
// Otherwise it uses the scripted model server, which replies the way such a model does, and says so.
import type { ScriptedModelServer } from "@tooltype/testing";
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import { runQwen } from "./run-qwen.js";

/** Replies with `text` as the message content, and shows what the "model" wrote. */
function writes(text: string): { text: string } {
  console.log(`The model writes: ${JSON.stringify(text)}`);
  return { text };
}

/** The scripted Qwen: a Hermes call, then a Qwen XML call, then the answer after its reasoning. */
function script(server: ScriptedModelServer): void {
  server.enqueue(
    () =>
      writes(
        'Let me check the kitchen first.\n<tool_call>\n{"name": "getTemperature", "arguments": {"room": "kitchen"}}\n</tool_call>',
      ),
    (request) => {
      const reading = JSON.parse(lastToolResult(request)) as { currentCelsius: number };
      const target = reading.currentCelsius + 2;
      return writes(
        `It is ${reading.currentCelsius} °C now; I'll set ${target} °C.\n` +
          `<tool_call>\n<function=setTemperature>\n<parameter=room>\nkitchen\n</parameter>\n<parameter=celsius>\n${target}\n</parameter>\n</function>\n</tool_call>`,
      );
    },
    (request) => writes(`<think>The thermostat confirmed the change.</think>\nDone: ${lastToolResult(request)}`),
  );
}

runMain(() =>
  withModelTarget(
    script,
    // Local models can be slow: five minutes.
    async (target) =>
      (await runQwen({ ...target, signal: AbortSignal.timeout(300_000) })).completion.stopped === "done",
    "scripted-qwen",
  ),
);
