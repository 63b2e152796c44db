import { ScriptedModelServer } from "@tooltype/testing";
import { runClaude } from "./run-claude.js";

type Block = { type: string; [key: string]: unknown };
type Body = {
  system?: string;
  max_tokens: number;
  tools: Array<{ name: string; input_schema: unknown }>;
  messages: Array<{ role: string; content: Block[] }>;
};

describe("the Claude example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  const quiet = { print: () => undefined, write: () => undefined };

  it("finds books freely, reserves only after approval, and streams Claude's text", async () => {
    server.enqueue(
      {
        reasoning: "Search first.",
        text: "Let me look.",
        toolCalls: [{ id: "toolu_find", name: "findBooks", arguments: { author: "Le Guin" } }],
      },
      {
        text: "Reserving it.",
        toolCalls: [{ id: "toolu_res", name: "reserve", arguments: { isbn: "978-0547773742" } }],
      },
      { text: "Done: reserved A Wizard of Earthsea." },
    );
    const asked: string[] = [];
    let streamed = "";
    const { completion, library } = await runClaude({
      baseURL: server.origin,
      model: "scripted-claude",
      approve: (call) => (asked.push(`${call.name} ${call.rawArguments}`), true),
      print: () => undefined,
      write: (text) => (streamed += text),
    });

    expect(completion).toMatchObject({ stopped: "done", text: "Done: reserved A Wizard of Earthsea." });
    expect(asked).toEqual(['reserve {"isbn":"978-0547773742"}']);
    expect(library.reservations).toEqual(["978-0547773742"]);
    expect(streamed).toContain("Let me look.");
    expect(server.problems).toEqual([]);

    const bodies = server.requests.map((r) => r.body as Body);
    expect(server.requests.every((r) => r.path === "/v1/messages" && r.stream)).toBe(true);
    expect(bodies[0]).toMatchObject({ system: expect.stringContaining("librarian"), max_tokens: 1024 });
    expect(bodies[0]!.tools.find((t) => t.name === "findBooks")!.input_schema).toEqual({
      type: "object",
      properties: {
        author: { type: "string", description: 'the author\'s name or part of it, e.g. "Le Guin"' },
        limit: { type: "number", default: 3, description: "the most books to return" },
      },
      required: ["author"],
      additionalProperties: false,
    });
    // Round two carries the thinking block back unchanged and the search result as a tool_result.
    const [, assistant, results] = bodies[1]!.messages;
    expect(assistant!.content[0]).toEqual({
      type: "thinking",
      thinking: "Search first.",
      signature: "scripted-signature",
    });
    expect(results!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_find", content: expect.stringContaining("A Wizard of Earthsea") },
    ]);
    expect(bodies[2]!.messages.at(-1)!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_res", content: expect.stringContaining("Reserved") },
    ]);
  });

  it("never reserves when the user says no, and tells Claude with an error result", async () => {
    server.enqueue(
      { toolCalls: [{ id: "toolu_res", name: "reserve", arguments: { isbn: "978-0441172719" } }] },
      { text: "Understood, nothing reserved." },
    );
    const { completion, library } = await runClaude({
      baseURL: server.origin,
      model: "scripted-claude",
      approve: () => false,
      ...quiet,
    });
    expect(completion.text).toBe("Understood, nothing reserved.");
    expect(library.reservations).toEqual([]);
    const answer = (server.requests[1]!.body as Body).messages.at(-1)!.content[0];
    expect(answer).toMatchObject({
      type: "tool_result",
      tool_use_id: "toolu_res",
      is_error: true,
      content: expect.stringContaining("The user said no."),
    });
  });

  it("sends a tool's thrown error back with is_error so Claude can correct itself", async () => {
    server.enqueue(
      { toolCalls: [{ id: "toolu_bad", name: "reserve", arguments: { isbn: "000" } }] },
      { text: "That ISBN does not exist." },
    );
    const { library } = await runClaude({ baseURL: server.origin, model: "scripted-claude", ...quiet });
    expect(library.reservations).toEqual([]);
    const answer = (server.requests[1]!.body as Body).messages.at(-1)!.content[0];
    expect(answer).toMatchObject({
      type: "tool_result",
      tool_use_id: "toolu_bad",
      is_error: true,
      content: expect.stringContaining("No book with ISBN 000"),
    });
  });
});
