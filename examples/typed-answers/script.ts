import type { ScriptedModelServer } from "@tooltype/testing";

/** What the scripted model answers: a tool call, a forecast streamed as JSON, then a yes/no answer. */
export function scriptForecast(server: ScriptedModelServer): void {
  const forecast = {
    city: "Oslo",
    days: [
      { day: "Mon", celsius: 21, sky: "sunny" },
      { day: "Tue", celsius: 17, sky: "rain" },
      { day: "Wed", celsius: 19, sky: "cloudy" },
    ],
    note: null, // strict mode: an optional property the model leaves out comes as null, and is mapped back
  };
  server.enqueue(
    { toolCalls: [{ name: "rawForecast", arguments: { city: "Oslo" } }] },
    { text: JSON.stringify(forecast), deltaSize: 16 },
    { text: '{"answer": "yes"}' },
  );
}
