import { ScriptedModelServer } from "@tooltype/testing";
import { runResponses } from "./run-responses.js";
import { script } from "./scripted-turns.js";

type Item = { type: string; role?: string; encrypted_content?: string; call_id?: string };
type Body = {
  instructions?: string;
  input: Item[];
  tools: Array<{ name: string; parameters?: unknown }>;
  store: boolean;
};

describe("the Responses API example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  it("lists receipts freely, files the claim only after approval, and carries the reasoning through storage", async () => {
    script(server);
    const asked: string[] = [];
    let streamed = "";
    const lines: string[] = [];
    const { completion, expenses, stored } = await runResponses({
      baseURL: server.origin,
      model: "scripted-reasoner",
      approve: (call) => (asked.push(`${call.name} ${call.rawArguments}`), true),
      print: (line) => lines.push(line),
      write: (text) => (streamed += text),
    });

    expect(completion).toMatchObject({ stopped: "done", text: "Done. Claim filed for 60.50 EUR." });
    expect(asked).toEqual(['fileClaim {"receiptIds":["r-101","r-102"]}']);
    expect(expenses.claims).toEqual([{ receipts: ["r-101", "r-102"], euros: 60.5 }]);
    expect(streamed).toContain("I found two taxi receipts");
    expect(lines).toContain("(reasoning: I need the receipts of March 2026 first.)");
    expect(server.problems).toEqual([]);

    const bodies = server.requests.map((request) => request.body as Body);
    expect(server.requests.every((r) => r.path === "/v1/responses" && r.stream)).toBe(true);
    expect(bodies[0]).toMatchObject({ instructions: expect.stringContaining("expense claims"), store: false });
    expect(bodies[0]!.tools.find((tool) => tool.name === "listReceipts")!.parameters).toEqual({
      type: "object",
      properties: { month: { type: "string", description: "the month, as YYYY-MM" } },
      required: ["month"],
      additionalProperties: false,
    });
    // The stored conversation holds the encrypted reasoning, and the request after the restore sends
    // both rounds' reasoning items back, each before the calls it led to.
    expect(JSON.parse(stored).signature).toMatch(/^hmac-sha256:/);
    expect(stored).toContain("enc_scripted_");
    expect(bodies[2]!.input.map((item) => item.role ?? item.type)).toEqual([
      "user",
      "reasoning",
      "function_call",
      "function_call_output",
      "reasoning",
      "assistant",
      "function_call",
      "function_call_output",
    ]);
    expect(bodies[2]!.input.filter((item) => item.type === "reasoning").map((item) => item.encrypted_content)).toEqual([
      expect.stringMatching(/^enc_scripted_/),
      expect.stringMatching(/^enc_scripted_/),
    ]);
  });

  it("never files a claim the user rejects, and tells the model so", async () => {
    script(server);
    const { completion, expenses } = await runResponses({
      baseURL: server.origin,
      model: "scripted-reasoner",
      approve: () => false,
      print: () => undefined,
      write: () => undefined,
    });
    expect(expenses.claims).toEqual([]);
    expect(completion.text).toContain("The user said no.");
  });
});
