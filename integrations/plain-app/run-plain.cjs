// The app of the plain-JavaScript ways: tools with hand-written schemas, two real calls against the
// scripted server. Each way's main loads the packages its own way (`import` or `require`) and hands
// them over, so both run the same scenario.

const city = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
  additionalProperties: false,
};

/** Resolves to the line the way prints; rejects when anything is off. */
async function runPlain(way, { completions, Context, defineTool, OpenAI }, { ScriptedModelServer }) {
  const server = await ScriptedModelServer.start();
  const endpoint = new OpenAI({ baseURL: server.url });
  try {
    endpoint.tools.add(
      defineTool({ name: "forecast", description: "Forecast.", schema: city, impl: ({ city }) => `${city}: sunny` }),
    );
    endpoint.tools.add(
      defineTool({ name: "planTrip", description: "Plan.", schema: city, impl: ({ city }) => `trip to ${city}` }),
    );
    server.enqueue(
      { toolCalls: [{ name: "forecast", arguments: { city: "Oslo" } }] },
      { toolCalls: [{ name: "planTrip", arguments: { city: "Oslo" } }] },
      { text: "Done." },
    );
    const context = new Context();
    context.user("Oslo?");
    context.toolPolicy.allow("forecast");
    context.toolPolicy.allow("planTrip");
    const completion = await completions(endpoint, "scripted", context, 4);
    const outputs = completion.calls.map((call) => call.result && call.result.output).join(" | ");
    if (outputs !== "Oslo: sunny | trip to Oslo") throw new Error(`tool outputs: ${outputs}`);
    return `integration ${way} ok: ${outputs}`;
  } finally {
    await endpoint.close();
    await server.close();
  }
}

module.exports = { runPlain };
