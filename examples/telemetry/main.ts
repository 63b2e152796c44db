// The telemetry example: OpenTelemetry spans and metrics of one completion, printed by the
// console exporters (an invoke_agent span; a chat span per request; an execute_tool span with
// the tool's own "SELECT orders" span inside; then the two gen_ai.client.* histograms). With
// TOOLTYPE_BASE_URL set it talks to that endpoint (TOOLTYPE_API_KEY, TOOLTYPE_MODEL); otherwise
// to the scripted model server, and says so. TOOLTYPE_RECORD_CONTENT=1 records prompts too.
import { lastToolResult, runMain, withModelTarget } from "../shared/model-target.js";
import { runTelemetry } from "./run-telemetry.js";

runMain(() =>
  withModelTarget(
    (server) =>
      server.enqueue({ toolCalls: [{ name: "orderStatus", arguments: { orderId: "A-1001" } }] }, (request) => ({
        text: `Your order A-1001 was ${lastToolResult(request)}.`,
      })),
    async (target) => {
      const completion = await runTelemetry({
        ...target,
        recordContent: process.env.TOOLTYPE_RECORD_CONTENT === "1",
        signal: AbortSignal.timeout(120_000),
      });
      console.log(`Answer: ${completion.text ?? "(no text)"}`);
      return completion.stopped === "done";
    },
  ),
);
