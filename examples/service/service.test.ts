import { ScriptedModelServer, type RecordedRequest } from "@tooltype/testing";
import { request } from "undici";
import { createAskService, type AskService } from "./ask-service.js";

type Messages = Array<{ role: string; content?: string }>;

/** A scripted model for any number of requests in any order: list the open tickets, then name them. */
function answerEveryRequest(request: RecordedRequest) {
  const last = (request.body as { messages: Messages }).messages.at(-1)!;
  if (last.role !== "tool") return { toolCalls: [{ name: "listMyTickets", arguments: { status: "open" } }] };
  const open = JSON.parse(last.content!) as Array<{ id: string }>;
  return { text: `Open: ${open.map((ticket) => ticket.id).join(", ") || "none"}.` };
}

describe("the service example", () => {
  let model: ScriptedModelServer;
  let service: AskService;
  let url: string;
  let log: string[];
  let logWaiters: Array<(line: string) => void>;
  /** Resolves with the next line the service logs. */
  const nextLogLine = () => new Promise<string>((resolve) => logWaiters.push(resolve));
  beforeEach(async () => {
    model = await ScriptedModelServer.start();
    log = [];
    logWaiters = [];
    const onLog = (line: string) => (log.push(line), logWaiters.splice(0).forEach((resolve) => resolve(line)));
    service = createAskService({ baseURL: model.url, model: "scripted", log: onLog });
    url = await service.listen(0, "127.0.0.1");
  });
  afterEach(async () => {
    await service.close();
    await model.close();
  });

  const ask = (token: string, body: unknown, signal?: AbortSignal) =>
    request(`${url}/ask`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });

  it("answers a question with a tool that reads the request's user from its ToolCallContext", async () => {
    model.onRequest(answerEveryRequest);
    const response = await ask("token-ada", { question: "Do I have open tickets?" });

    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ answer: "Open: T-1.", stopped: "done" });
    expect(service.tickets.listedFor).toEqual(["ada"]);
    // The model never saw or chose the user: the tool's schema has only `status`.
    const offered = (model.requests[0]!.body as { tools: Array<{ function: { parameters: { properties: object } } }> })
      .tools;
    expect(Object.keys(offered[0]!.function.parameters.properties)).toEqual(["status"]);
    expect((model.requests[0]!.body as { messages: Messages }).messages.at(-1)).toEqual({
      role: "user",
      content: "Do I have open tickets?",
    });
  });

  it("keeps concurrent requests apart: each has its own Context and user", async () => {
    model.onRequest(answerEveryRequest);
    const [ada, bob] = await Promise.all([
      ask("token-ada", { question: "Mine?" }),
      ask("token-bob", { question: "Mine?" }),
    ]);

    expect(await ada.body.json()).toMatchObject({ answer: "Open: T-1." });
    expect(await bob.body.json()).toMatchObject({ answer: "Open: T-3." });
    expect([...service.tickets.listedFor].sort()).toEqual(["ada", "bob"]);
    expect(model.requests).toHaveLength(4);
  });

  it("refuses requests without a user or a question, and never asks the model", async () => {
    const anonymous = await ask("no-such-token", { question: "Hi" });
    expect(anonymous.statusCode).toBe(401);
    await anonymous.body.dump();
    const empty = await ask("token-ada", { wrong: true });
    expect(empty.statusCode).toBe(400);
    await empty.body.dump();
    expect(model.requests).toHaveLength(0);
  });

  it("cancels the model request when the client goes away", async () => {
    const arrived = new Promise<void>((resolve) => model.onRequest(() => (resolve(), undefined)));
    model.enqueue({ stall: true }); // the model never answers
    const handled = nextLogLine();
    const client = new AbortController();
    const pending = ask("token-ada", { question: "Slow one?" }, client.signal).catch((error: unknown) => error);
    await arrived;
    client.abort();

    expect(await pending).toMatchObject({ name: "AbortError" });
    expect(await handled).toBe("POST /ask by ada: cancelled (the client went away)");
  });
});
