// The router example end to end. Build the examples (`node scripts/build.mjs && node
// transformer/dist/cjs/cli/main.js build -p examples/tsconfig.json`), then run
// `node examples/dist/router/main.js`. With TOOLTYPE_BASE_URL (an OpenAI-compatible server;
// TOOLTYPE_MODEL, TOOLTYPE_API_KEY) and/or ANTHROPIC_API_KEY (TOOLTYPE_FALLBACK_MODEL) set, it
// routes between those, in that order; otherwise between two scripted model servers, the first
// of which is down (503), and says so.
import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";
import { runRouter, type TargetSpec } from "./run-router.js";
import { runMain } from "../shared/model-target.js";

/** The last tool result Claude was sent (the scripted fallback answers from it, as a model would). */
function lastToolResult(request: RecordedRequest): string {
  const messages = (
    request.body as { messages: Array<{ content: Array<{ type: string; content?: string }> | string }> }
  ).messages;
  const content = messages.at(-1)?.content;
  return (
    (Array.isArray(content) ? content.find((block) => block.type === "tool_result")?.content : undefined) ?? "unknown"
  );
}

async function scripted(): Promise<{ targets: TargetSpec[]; close: () => Promise<void> }> {
  const [down, claude] = await Promise.all([ScriptedModelServer.start(), ScriptedModelServer.start()]);
  down.onRequest(() => ({ status: 503, errorMessage: "The primary is overloaded (scripted)" }));
  claude.enqueue({ toolCalls: [{ name: "trackParcel", arguments: { trackingId: "PX-1001" } }] }, (request) => ({
    text: `Your parcel is ${lastToolResult(request)}.`,
  }));
  console.log(
    `TOOLTYPE_BASE_URL and ANTHROPIC_API_KEY are not set: routing between two scripted model servers (${down.url}, down; ${claude.origin}, Messages API)`,
  );
  return {
    targets: [
      { kind: "openai", baseURL: down.url, model: "scripted-primary" },
      { kind: "anthropic", baseURL: claude.origin, model: "scripted-claude" },
    ],
    close: async () => void (await Promise.all([down.close(), claude.close()])),
  };
}

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(120_000);
  const targets: TargetSpec[] = [];
  const { TOOLTYPE_BASE_URL: baseURL, ANTHROPIC_API_KEY: anthropicKey } = process.env;
  if (baseURL)
    targets.push({
      kind: "openai",
      baseURL,
      apiKey: process.env.TOOLTYPE_API_KEY,
      model: process.env.TOOLTYPE_MODEL ?? "qwen3-8b",
    });
  if (anthropicKey)
    targets.push({
      kind: "anthropic",
      apiKey: anthropicKey,
      model: process.env.TOOLTYPE_FALLBACK_MODEL ?? "claude-sonnet-4-5",
    });
  const servers = targets.length === 0 ? await scripted() : undefined;
  try {
    const { completion } = await runRouter({ targets: servers?.targets ?? targets, signal });
    if (completion.stopped !== "done") process.exitCode = 1;
  } finally {
    await servers?.close();
  }
}

runMain(main);
