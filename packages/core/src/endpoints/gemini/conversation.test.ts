// The loop, the policy, approvals, the stored Context, repair and typed answers, all through the
// Gemini endpoint over the scripted server.
import { turn, type RecordedRequest, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import type { AssistantMessage } from "../../context/message.js";
import { ToolPolicyStatus } from "../../policy/tool-policy-status.js";
import { jsonSchema } from "../../tools/define-tool.js";
import { scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { Gemini } from "./gemini.js";
import type { GeminiRequestBody } from "./wire.js";

let server: ScriptedModelServer;
let paid: number[] = [];
const track = scriptedServerHooks(
  (started) => (server = started),
  () => (paid = []),
);

function endpoint(): Gemini {
  const ep = track(new Gemini({ baseURL: server.origin, apiKey: "AIza-test", retries: 0 }));
  ep.tools.define<{ amount: number }>({
    name: "pay",
    description: "Pay an amount.",
    schema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
    impl: ({ amount }) => {
      paid.push(amount);
      return `paid ${amount}`;
    },
  });
  return ep;
}

const bodyOf = (request: RecordedRequest) => request.body as GeminiRequestBody;
const secret = "a-long-enough-context-secret";

describe("a conversation through the Gemini endpoint", () => {
  it("waits for approval, survives toJSON/fromJSON signed, and sends the model's parts back exactly after a restart", async () => {
    // As Gemini 3 answers: a signed thought, text, and two parallel calls, only the first signed.
    const parts = [
      { text: "The user wants to pay twice.", thought: true, thoughtSignature: "VGhvdWdodA==" },
      { text: "Paying now." },
      { functionCall: { id: "fc_a", name: "pay", args: { amount: 12 } }, thoughtSignature: "Q2FsbEE=" },
      { functionCall: { id: "fc_b", name: "pay", args: { amount: 3 } } },
    ];
    server.enqueue(
      turn.raw(JSON.stringify({ candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }] })),
    );
    const ctx = new Context({ secret }).user("Pay 12 and 3.");
    const first = await endpoint().completions("gemini-test", ctx);
    expect(first).toMatchObject({ stopped: "attention", text: "Paying now." });
    expect(first.choice.reasoning).toBe("The user wants to pay twice.");
    expect(ctx.pending().map((c) => c.id)).toEqual(["fc_a", "fc_b"]);
    expect(paid).toEqual([]);

    // Another process: the stored JSON, a new endpoint.
    const stored = JSON.stringify(ctx.toJSON());
    const restored = Context.fromJSON(JSON.parse(stored), { secret });
    restored.approve("fc_a");
    restored.reject("fc_b", "Only one payment today.");
    server.enqueue(turn.text("Paid 12."));
    const second = await endpoint().completions("gemini-test", restored);
    expect(second).toMatchObject({ stopped: "done", text: "Paid 12." });
    expect(paid).toEqual([12]);
    const sent = bodyOf(server.lastRequest!).contents;
    expect(sent[1]).toEqual({ role: "model", parts });
    expect(sent[2]).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "pay", id: "fc_a", response: { output: "paid 12" } } },
        {
          functionResponse: {
            name: "pay",
            id: "fc_b",
            response: { error: expect.stringContaining("Only one payment today.") },
          },
        },
      ],
    });
    expect((restored.messages[1] as AssistantMessage).content).toBe("Paying now.");
  });

  it("answers a denied call and a failed one so the model can go on; a tampered store is refused", async () => {
    server.enqueue(turn.toolCall("pay", { amount: 5 }), turn.text("I could not pay."));
    const ctx = new Context({ secret }).user("Pay 5.");
    ctx.toolPolicy.deny("pay");
    const completion = await endpoint().completions("gemini-test", ctx);
    expect(completion.toolCalls[0]?.policyResult?.status).toBe(ToolPolicyStatus.Denied);
    expect(completion.stopped).toBe("attention");
    const tampered = JSON.parse(JSON.stringify(ctx.toJSON())) as {
      messages: Array<{ toolCalls?: Array<{ arguments: unknown }> }>;
    };
    tampered.messages[1]!.toolCalls![0]!.arguments = { amount: 5000 };
    expect(() => Context.fromJSON(tampered, { secret })).toThrow();
    expect(paid).toEqual([]);
  });

  it("repairs a number sent as a string when asked to, and runs the call once", async () => {
    server.enqueue(turn.toolCall("pay", { amount: "12.50" }), turn.text("Done."));
    const ctx = new Context().user("Pay 12.50.");
    ctx.toolPolicy.allow("pay");
    const completion = await endpoint().completions("gemini-test", ctx, { repair: true });
    expect(completion.text).toBe("Done.");
    expect(paid).toEqual([12.5]);
    expect((ctx.messages[1] as AssistantMessage).toolCalls?.[0]?.repaired).toEqual([
      expect.objectContaining({ code: expect.any(String) }),
    ]);
  });

  it("answers a MALFORMED_FUNCTION_CALL so the model writes the call again", async () => {
    server.enqueue(
      turn.raw(
        JSON.stringify({
          candidates: [
            {
              finishReason: "MALFORMED_FUNCTION_CALL",
              finishMessage: "Malformed function call: print(default_api.pay(amount=twelve))",
              index: 0,
            },
          ],
        }),
      ),
      turn.toolCall("pay", { amount: 12 }),
      turn.text("Paid 12."),
    );
    const ctx = new Context().user("Pay twelve.");
    ctx.toolPolicy.allow("pay");
    const completion = await endpoint().completions("gemini-test", ctx);
    expect(completion).toMatchObject({ text: "Paid 12.", rounds: 3 });
    expect(paid).toEqual([12]);
    const retry = bodyOf(server.requests[1]!).contents;
    expect(retry.slice(1)).toEqual([
      {
        role: "model",
        parts: [
          { text: expect.stringMatching(/^\(A function call to pay that could not be read: Malformed function call/) },
        ],
      },
      { role: "user", parts: [{ text: expect.stringMatching(/MALFORMED_FUNCTION_CALL.*Call the function again/) }] },
    ]);
  });

  it("stops with length and contentFilter, answering the calls of a cut reply without running them", async () => {
    server.enqueue(
      turn.toolCall("pay", { amount: 1 }, { finishReason: "length" }),
      turn.text("", { finishReason: "content_filter" }),
    );
    const ctx = new Context().user("Pay 1.");
    ctx.toolPolicy.allow("pay");
    expect((await endpoint().completions("gemini-test", ctx)).stopped).toBe("length");
    expect(paid).toEqual([]);
    expect((await endpoint().completions("gemini-test", "Something filtered")).stopped).toBe("contentFilter");
  });

  it("asks for a typed answer with responseMimeType and responseJsonSchema, and validates what comes back", async () => {
    interface Receipt {
      amount: number;
      /** A reference like R-123. */
      reference: string;
    }
    const receipt = jsonSchema<Receipt>();
    server.enqueue(turn.toolCall("pay", { amount: 3 }), turn.text('{"amount":3,"reference":"R-1"}'));
    const ctx = new Context().user("Pay 3 and give me the receipt.");
    ctx.toolPolicy.allow("pay");
    const completion = await endpoint().completions("gemini-test", ctx, { output: receipt });
    expect(completion.stopped).toBe("done");
    if (completion.stopped !== "done") return;
    const typed: Receipt = completion.output;
    expect(typed).toEqual({ amount: 3, reference: "R-1" });
    expect(bodyOf(server.requests[0]!).generationConfig).toMatchObject({
      responseMimeType: "application/json",
      responseJsonSchema: { type: "object", required: ["amount", "reference"] },
    });
  });

  it("asks for the answer as a function call in tool mode, and reads it from the call", async () => {
    const ep = endpoint();
    ep.config("gemini-test").outputMode = "tool";
    server.enqueue(turn.toolCall("receipt", { value: 42 }));
    const completion = await ep.completions("gemini-test", new Context().user("A number?"), {
      output: jsonSchema<number>(),
      outputName: "receipt",
    });
    expect(completion.stopped).toBe("done");
    if (completion.stopped === "done") expect(completion.output).toBe(42);
    const body = bodyOf(server.lastRequest!);
    // Other tools are offered too: the model must end with a call, the answer's or another's.
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY" } });
    expect(body.tools?.[0]?.functionDeclarations.map((d) => d.name)).toEqual(["pay", "receipt"]);
    expect(body.generationConfig).toBeUndefined();
  });

  it("validates the keywords the API ignores: a call that breaks one is answered with an argument error, not run", async () => {
    const ep = endpoint();
    ep.tools.define<{ code: string }>({
      name: "lookup",
      description: "Look up an airport.",
      schema: { type: "object", properties: { code: { type: "string", pattern: "^[A-Z]{3}$" } }, required: ["code"] },
      impl: ({ code }) => `found ${code}`,
    });
    server.enqueue(
      turn.toolCall("lookup", { code: "lisbon" }),
      turn.toolCall("lookup", { code: "LIS" }),
      turn.text("LIS."),
    );
    const ctx = new Context().user("Lisbon's airport?");
    ctx.toolPolicy.allow("lookup");
    const completion = await ep.completions("gemini-test", ctx);
    expect(completion).toMatchObject({ text: "LIS.", rounds: 3 });
    const [first, second] = completion.calls;
    expect(first?.policyResult?.status).toBe(ToolPolicyStatus.Failed);
    expect(second?.result?.output).toBe("found LIS");
    const sent = bodyOf(server.requests[0]!).tools![0]!.functionDeclarations.find((d) => d.name === "lookup");
    expect(sent?.parametersJsonSchema).toMatchObject({ properties: { code: { pattern: "^[A-Z]{3}$" } } });
    const answer = bodyOf(server.requests[1]!).contents.at(-1)!.parts[0]!.functionResponse;
    expect(answer).toMatchObject({ name: "lookup", response: { error: expect.stringMatching(/pattern/) } });
  });
});
