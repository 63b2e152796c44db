import { completions, Context, OpenAI } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { Travel } from "./tools.js";

/**
 * Two real tool calls against the scripted model server: the model calls forecast, then planTrip,
 * then answers. `travel` is the tool instance (a framework may construct it). Resolves to the line an
 * integration prints; rejects when anything is off.
 */
export async function runApp(way: string, travel: Travel = new Travel()): Promise<string> {
  const server = await ScriptedModelServer.start();
  const endpoint = new OpenAI({ baseURL: server.url, timeoutMs: 30_000 });
  try {
    endpoint.tools.add(travel);
    const schema = endpoint.tools.get("forecast").schema as { required?: string[]; properties?: object };
    if (JSON.stringify(schema.required) !== '["city"]') throw new Error(`forecast schema: ${JSON.stringify(schema)}`);
    server.enqueue(
      { toolCalls: [{ name: "forecast", arguments: { city: "Paris", days: 3 } }] },
      { toolCalls: [{ name: "planTrip", arguments: { city: "Paris", nights: 2 } }] },
      { text: "Done." },
    );
    const context = new Context();
    context.user("Plan a trip to Paris.");
    context.toolPolicy.allow("forecast");
    context.toolPolicy.allow("planTrip");
    const completion = await completions(endpoint, "scripted", context, 4);
    const outputs = completion.calls.map((call) => call.result?.output);
    const expected = ["Paris: sunny for 3 days", "2 nights in Paris, booked"];
    if (JSON.stringify(outputs) !== JSON.stringify(expected))
      throw new Error(`tool outputs: ${JSON.stringify(outputs)}`);
    return `integration ${way} ok: ${completion.calls.map((call) => call.name).join(", ")} ran`;
  } finally {
    await endpoint.close();
    await server.close();
  }
}
