import { EndpointError } from "@tooltype/core";
import { ScriptedModelServer, turn } from "@tooltype/testing";
import { runRouter, type TargetSpec } from "./run-router.js";

type MessagesBody = { model: string; messages: Array<{ role: string; content: unknown }> };

describe("the router example", () => {
  let local: ScriptedModelServer;
  let claude: ScriptedModelServer;
  let targets: TargetSpec[];
  beforeEach(async () => {
    [local, claude] = await Promise.all([ScriptedModelServer.start(), ScriptedModelServer.start()]);
    targets = [
      { kind: "openai", baseURL: local.url, model: "local-qwen", retries: 0 },
      { kind: "anthropic", baseURL: claude.origin, model: "scripted-claude", retries: 0 },
    ];
  });
  afterEach(async () => {
    await Promise.all([local.close(), claude.close()]);
  });

  const lookUp = { toolCalls: [{ id: "call_px", name: "trackParcel", arguments: { trackingId: "PX-1001" } }] };

  it("asks the local model first, and says so when it answers", async () => {
    local.enqueue(lookUp, turn.text("It is out for delivery in Oslo."));
    const lines: string[] = [];
    const { completion, parcels } = await runRouter({ targets, print: (line) => lines.push(line) });
    expect(completion).toMatchObject({ stopped: "done", target: { baseURL: local.url, model: "local-qwen" } });
    expect(parcels.lookups).toBe(1);
    expect(claude.requests).toHaveLength(0);
    expect(lines.at(-1)).toBe(`Answered by local-qwen at ${local.url} (stopped: done)`);
  });

  it("hands the conversation to Claude when the local server is down", async () => {
    local.enqueue(turn.error(503));
    claude.enqueue(lookUp, turn.text("Out for delivery in Oslo, before 18:00."));
    const lines: string[] = [];
    const { completion, parcels } = await runRouter({ targets, print: (line) => lines.push(line) });
    expect(completion).toMatchObject({
      stopped: "done",
      text: "Out for delivery in Oslo, before 18:00.",
      target: { model: "scripted-claude" },
    });
    expect(parcels.lookups).toBe(1);
    expect(lines[0]).toMatch(/^Failover: local-qwen at .* failed \(HTTP 503/);
    expect((claude.requests[0]!.body as MessagesBody).model).toBe("scripted-claude");
  });

  it("lets Claude go on after a tool ran on the local model, without running it again", async () => {
    local.enqueue(lookUp, turn.error(502));
    claude.enqueue(turn.text("Out for delivery in Oslo."));
    const { completion, parcels } = await runRouter({ targets, print: () => undefined });
    expect(completion.target?.model).toBe("scripted-claude");
    expect(parcels.lookups).toBe(1);
    const [, ...history] = (claude.requests[0]!.body as MessagesBody).messages;
    expect(history).toEqual([
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "call_px", name: "trackParcel", input: { trackingId: "PX-1001" } }],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_px", content: "out for delivery in Oslo, expected before 18:00" },
        ],
      },
    ]);
  });

  it("does not fail over a request every target would refuse (400)", async () => {
    local.enqueue(turn.error(400, { message: "unknown field" }));
    const error = await runRouter({ targets, print: () => undefined }).catch((e: unknown) => e);
    expect(EndpointError.isInstance(error) && error.status).toBe(400);
    expect(claude.requests).toHaveLength(0);
  });
});
