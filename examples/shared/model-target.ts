// What every example's main.ts needs: a configured OpenAI-compatible endpoint, or else the
// scripted model server playing the model, and an exit code that says whether it worked.
import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";

/** Where an example sends its requests. */
export interface ModelTarget {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/**
 * Runs `example` against TOOLTYPE_BASE_URL (TOOLTYPE_API_KEY, TOOLTYPE_MODEL) when set; otherwise
 * starts the scripted model server, lets `script` enqueue its replies, and says so. `example`
 * resolves true when the run ended as it should; anything else sets a non-zero exit code.
 */
export async function withModelTarget(
  script: (server: ScriptedModelServer) => void,
  example: (target: ModelTarget) => Promise<boolean>,
  scriptedModel = "scripted",
): Promise<void> {
  const configured = process.env.TOOLTYPE_BASE_URL;
  let server: ScriptedModelServer | undefined;
  if (!configured) {
    server = await ScriptedModelServer.start();
    script(server);
    console.log(`TOOLTYPE_BASE_URL is not set: using the scripted model server at ${server.url}`);
  }
  try {
    const ok = await example({
      baseURL: configured ?? server!.url,
      apiKey: process.env.TOOLTYPE_API_KEY,
      model: process.env.TOOLTYPE_MODEL ?? (configured ? "qwen3-8b" : scriptedModel),
    });
    if (!ok) process.exitCode = 1;
  } finally {
    await server?.close();
  }
}

/** The last tool result an OpenAI-format request carries: what a scripted reply answers from. */
export function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body as { messages?: Array<{ role: string; content?: string }> }).messages ?? [];
  return messages.filter((m) => m.role === "tool").pop()?.content ?? "";
}

/** Runs an example's main and turns a failure into a message and exit code 1 (never a stack dump). */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`example failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
