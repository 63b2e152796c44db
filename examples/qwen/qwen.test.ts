import { ToolPolicyStatus } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { runQwen } from "./run-qwen.js";

type Body = {
  messages: Array<{
    role: string;
    content?: string | null;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  }>;
};

describe("the Qwen example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  const hermes =
    'Let me check the kitchen first.\n<tool_call>\n{"name": "getTemperature", "arguments": {"room": "kitchen"}}\n</tool_call>';
  const qwenXml =
    "Setting 20.5 °C.\n<tool_call>\n<function=setTemperature>\n<parameter=room>\nkitchen\n</parameter>\n<parameter=celsius>\n20.5\n</parameter>\n</function>\n</tool_call>";

  it("reads Hermes and Qwen XML calls from the text, runs them, and keeps the rest as visible text", async () => {
    server.enqueue(
      { text: hermes },
      { text: qwenXml },
      { text: "<think>It worked.</think>\nThe kitchen is heating to 20.5 °C." },
    );
    const { completion, texts, thermostat } = await runQwen({
      baseURL: server.url,
      model: "scripted-qwen",
      print: () => undefined,
    });

    expect(texts).toEqual([
      "Let me check the kitchen first.",
      "Setting 20.5 °C.",
      "The kitchen is heating to 20.5 °C.",
    ]);
    expect(completion).toMatchObject({ stopped: "done", text: "The kitchen is heating to 20.5 °C.", rounds: 3 });
    expect(completion.choice.reasoning).toBe("It worked.");
    // The XML value "20.5" was typed by the schema: a number reached the method.
    expect(thermostat.changes).toEqual([{ room: "kitchen", celsius: 20.5 }]);
    expect(completion.calls.map((call) => [call.name, call.arguments, call.policyResult?.status])).toEqual([
      ["getTemperature", { room: "kitchen" }, ToolPolicyStatus.Allowed],
      ["setTemperature", { room: "kitchen", celsius: 20.5 }, ToolPolicyStatus.Allowed],
    ]);

    // What goes back is native: the assistant's calls as tool_calls (synthetic ids), the text without tags, the results as tool messages.
    const second = server.requests[1]!.body as Body;
    const assistant = second.messages.find((m) => m.role === "assistant")!;
    expect(assistant.content).toBe("Let me check the kitchen first.");
    expect(assistant.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: "function",
        function: { name: "getTemperature", arguments: '{"room":"kitchen"}' },
      },
    ]);
    expect(second.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: assistant.tool_calls![0]!.id });
    expect(JSON.parse(second.messages.at(-1)!.content!)).toEqual({
      room: "kitchen",
      currentCelsius: 18.5,
      targetCelsius: 19,
    });
  });

  it("never runs a call cut off mid-way, and answers it with an error the model can act on", async () => {
    server.enqueue(
      {
        text: "<tool_call>\n<function=setTemperature>\n<parameter=room>\nkitchen\n</parameter>\n<parameter=celsius>\n2",
      },
      { text: "Let me try again later." },
    );
    const { completion, thermostat } = await runQwen({
      baseURL: server.url,
      model: "scripted-qwen",
      print: () => undefined,
    });

    expect(thermostat.changes).toEqual([]);
    const cut = completion.calls[0]!;
    expect(cut.arguments).toBeNull();
    expect(cut.result?.isError).toBe(true);
    expect((server.requests[1]!.body as Body).messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: cut.id });
  });
});
