import { ToolPolicyStatus } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { runManual } from "./run-manual.js";

type Body = { messages: Array<{ role: string; content?: string | null; tool_call_id?: string }> };

describe("the manual execution example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  const lookUp = { toolCalls: [{ id: "call_list", name: "listEvents", arguments: { day: "friday" } }] };
  const cancel = { toolCalls: [{ id: "call_cancel", name: "cancelEvent", arguments: { eventId: "ev-1" } }] };

  it("returns a prompt's calls without running them, runs lookups itself and cancels after confirming", async () => {
    server.enqueue(lookUp, lookUp, cancel, { text: "Your dentist appointment is cancelled." });
    const asked: string[] = [];
    const lines: string[] = [];
    const { plan, completion, calendar } = await runManual({
      baseURL: server.url,
      model: "scripted",
      confirm: (call) => (asked.push(`${call.name} ${call.rawArguments}`), true),
      print: (line) => lines.push(line),
    });

    // The plain prompt: the call came back Pending and nothing ran.
    expect(plan.stopped).toBe("attention");
    expect(plan.toolCalls.map((call) => [call.name, call.arguments, call.policyResult?.status])).toEqual([
      ["listEvents", { day: "friday" }, ToolPolicyStatus.Pending],
    ]);
    expect(plan.toolCalls[0]!.result).toBeUndefined();

    // The application ran listEvents itself: the model got its result as the tool message.
    const afterLookup = server.requests[2]!.body as Body;
    const listed = afterLookup.messages.find((m) => m.role === "tool" && m.tool_call_id === "call_list");
    expect(JSON.parse(listed!.content!)).toEqual([
      { id: "ev-1", day: "friday", time: "09:30", title: "Dentist" },
      { id: "ev-2", day: "friday", time: "14:00", title: "Team review" },
    ]);

    // cancelEvent waited for confirmation, then the loop ran it once.
    expect(asked).toEqual(['cancelEvent {"eventId":"ev-1"}']);
    expect(calendar.cancelled).toEqual(["ev-1"]);
    const afterCancel = server.requests[3]!.body as Body;
    expect(afterCancel.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_cancel",
      content: 'Cancelled "Dentist" on friday at 09:30.',
    });
    expect(completion).toMatchObject({ stopped: "done", text: "Your dentist appointment is cancelled." });
    expect(server.requests).toHaveLength(4);
    expect(lines).toContain('Approved cancelEvent({"eventId":"ev-1"})');
  });

  it("never cancels when the user says no, and tells the model why", async () => {
    server.enqueue(lookUp, lookUp, cancel, { text: "All right, I kept it." });
    const { completion, calendar } = await runManual({
      baseURL: server.url,
      model: "scripted",
      confirm: () => false,
      print: () => undefined,
    });

    expect(calendar.cancelled).toEqual([]);
    expect(completion.text).toBe("All right, I kept it.");
    const answer = (server.requests[3]!.body as Body).messages.at(-1)!;
    expect(answer).toMatchObject({ role: "tool", tool_call_id: "call_cancel" });
    expect(answer.content).toContain("The user wants to keep this event.");
  });

  it("sends the model an error result when it asks for a lookup with a bad argument", async () => {
    server.enqueue(
      lookUp,
      { toolCalls: [{ id: "call_bad", name: "listEvents", arguments: { day: "someday" } }] },
      { text: "Which day?" },
    );
    const { completion } = await runManual({ baseURL: server.url, model: "scripted", print: () => undefined });

    expect(completion.text).toBe("Which day?");
    const answer = (server.requests[2]!.body as Body).messages.at(-1)!;
    expect(answer).toMatchObject({ role: "tool", tool_call_id: "call_bad" });
    expect(answer.content).toContain("day: must be one of");
  });
});
