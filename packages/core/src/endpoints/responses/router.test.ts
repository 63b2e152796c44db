// One conversation through a Router over three providers (the Responses API, chat completions,
// Anthropic's Messages API) on one scripted server: each request carries only what its provider
// reads, and the Responses API gets its own reasoning back when it answers again.
import { turn, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { Router } from "../../router/router.js";
import { Anthropic } from "../anthropic/anthropic.js";
import { scriptedServerHooks } from "../fixtures/endpoint-setup.js";
import { OpenAI } from "../openai/openai.js";
import { OpenAIResponses } from "./responses.js";

let server: ScriptedModelServer;
const track = scriptedServerHooks((started) => (server = started));

const down = () => turn.error(503, { message: "overloaded" });
const bodies = (path: string) =>
  server.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);

describe("a Router mixing OpenAIResponses with chat completions and Anthropic", () => {
  it("keeps one conversation across the three: no provider gets another's data, Responses gets its reasoning back", async () => {
    const responses = track(new OpenAIResponses({ baseURL: server.origin, retries: 0 }));
    const chat = track(new OpenAI({ baseURL: server.url, retries: 0 }));
    const claude = track(new Anthropic({ baseURL: server.origin, retries: 0 }));
    const router = new Router([
      { endpoint: responses, model: "o-test" },
      { endpoint: chat, model: "chat-test" },
      { endpoint: claude, model: "claude-test" },
    ]);
    const paid: number[] = [];
    router.tools.define<{ amount: number }>({
      name: "pay",
      description: "Pay an amount.",
      schema: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"] },
      impl: ({ amount }) => paid.push(amount),
    });
    const ctx = new Context().user("Pay 5.");
    ctx.toolPolicy.allow("pay");

    // Responses calls the tool (with reasoning), then is down: chat completions answers.
    server.enqueue(
      turn.toolCalls([{ id: "call_1", name: "pay", arguments: '{"amount":5}' }], { reasoning: "Pay first." }),
      down(),
      turn.text("Paid 5."),
    );
    const first = await router.completions(ctx);
    expect(first).toMatchObject({ text: "Paid 5.", target: { model: "chat-test" } });
    // Responses and chat are down: Anthropic answers.
    server.enqueue(down(), down(), turn.text("Anything else?"));
    expect((await router.completions(ctx.user("Thanks."))).target?.model).toBe("claude-test");
    // Responses answers again, with its own reasoning item where it stood.
    server.enqueue(turn.text("Bye."));
    expect((await router.completions(ctx.user("No, bye."))).target?.model).toBe("o-test");
    expect(paid).toEqual([5]);

    const [chatBody] = bodies("/v1/chat/completions");
    expect(JSON.stringify(chatBody)).not.toMatch(/enc_scripted|reasoning|responses/);
    expect((chatBody!.messages as unknown[]).slice(1)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "pay", arguments: '{"amount":5}' } }],
      },
      { role: "tool", tool_call_id: "call_1", content: "1" },
    ]);
    const [claudeBody] = bodies("/v1/messages");
    expect(JSON.stringify(claudeBody)).not.toMatch(/enc_scripted|reasoning/);
    expect(
      (claudeBody!.messages as Array<{ content: Array<{ type: string }> }>)[1]!.content.map((b) => b.type),
    ).toEqual(["tool_use"]);
    const last = bodies("/v1/responses").at(-1)!;
    expect((last.input as Array<{ type: string; role?: string }>).map((item) => item.role ?? item.type)).toEqual([
      "user",
      "reasoning",
      "function_call",
      "function_call_output",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    expect(JSON.stringify(last.input)).toContain("enc_scripted_");
  });
});
