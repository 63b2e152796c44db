import { turn, type RecordedRequest, type ScriptedModelServer } from "@tooltype/testing";
import { Context } from "../../context/context.js";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { RetryInfo } from "../http/retry-policy.js";
import { endpointFailure, scriptedServerHooks, weatherTool } from "../fixtures/endpoint-setup.js";
import { Gemini } from "./gemini.js";
import type { GeminiOptions } from "./options.js";
import type { GeminiRequestBody } from "./wire.js";

let server: ScriptedModelServer;
let runs: string[] = [];
const track = scriptedServerHooks(
  (started) => (server = started),
  () => (runs = []),
);

function endpoint(options: GeminiOptions = {}): Gemini {
  const ep = new Gemini({ baseURL: server.origin, retryDelays: { baseDelayMs: 1, maxDelayMs: 5 }, ...options });
  ep.tools.define(weatherTool(runs));
  return track(ep);
}

const bodyOf = (request: RecordedRequest | undefined) => request!.body as GeminiRequestBody;
const retryInfo = (retryDelay: string) => ({
  error: {
    code: 429,
    message: "Resource has been exhausted (e.g. check quota).",
    status: "RESOURCE_EXHAUSTED",
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.QuotaFailure",
        violations: [{ quotaMetric: "generate_content_free_tier_requests" }],
      },
      { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay },
    ],
  },
});

describe("Gemini endpoint over HTTP", () => {
  it("posts to {baseURL}/v1beta/models/{model}:generateContent with the key in x-goog-api-key only", async () => {
    const ep = endpoint({ apiKey: "AIzaTestKey" });
    expect(ep.baseURL).toBe(`${server.origin}/v1beta`);
    server.enqueue(turn.text("Hello!"));
    const completion = await ep.completions("gemini-test", new Context().user("Hi"));
    expect(completion).toMatchObject({ text: "Hello!", stopped: "done", rounds: 1 });
    const request = server.lastRequest!;
    expect(request.url).toBe("/v1beta/models/gemini-test:generateContent");
    expect(request.headers).toMatchObject({ "x-goog-api-key": "AIzaTestKey", "content-type": "application/json" });
    expect(request.headers.authorization).toBeUndefined();
    expect(bodyOf(request).contents).toEqual([{ role: "user", parts: [{ text: "Hi" }] }]);
    expect(server.problems).toEqual([]);
  });

  it("takes the API version, a models/ prefix, a proxy path and Vertex AI's URL form", async () => {
    const unsent = [
      track(new Gemini()),
      track(new Gemini({ vertex: { project: "my-project", location: "us-central1" }, accessToken: "ya29.token" })),
      track(new Gemini({ vertex: { project: "p", location: "global" } })),
    ];
    expect(unsent.map((e) => e.baseURL)).toEqual([
      "https://generativelanguage.googleapis.com/v1beta",
      "https://us-central1-aiplatform.googleapis.com/v1/projects/my-project/locations/us-central1",
      "https://aiplatform.googleapis.com/v1/projects/p/locations/global",
    ]);
    // The GenAI conventions name the two services apart (telemetry's gen_ai.provider.name).
    expect(unsent.map((e) => e.provider)).toEqual(["gcp.gemini", "gcp.vertex_ai", "gcp.vertex_ai"]);
    expect(() => new Gemini({ baseURL: "https://example.com/?key=AIza" })).toThrow(/query string/);
    expect(() => new Gemini({ vertex: { project: "a/b", location: "x" } })).toThrow(/vertex.project/);
    server.enqueue(turn.text("a"), turn.text("b"), turn.text("c"));
    await endpoint({ apiVersion: "v1" }).completions("models/gemini-x", "Hi");
    await endpoint({ baseURL: `${server.origin}/proxy/`, apiVersion: "" }).completions("gemini-y", "Hi");
    const vertex = endpoint({
      baseURL: server.origin,
      vertex: { project: "p", location: "europe-west4" },
      accessToken: "tok",
    });
    await vertex.completions("gemini-z", "Hi");
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v1/models/gemini-x:generateContent",
      "/proxy/models/gemini-y:generateContent",
      "/v1/projects/p/locations/europe-west4/publishers/google/models/gemini-z:generateContent",
    ]);
    expect(server.lastRequest!.headers.authorization).toBe("Bearer tok");
  });

  it("runs a tool through the loop and sends the call back with its signature, name and id", async () => {
    const ep = endpoint();
    ep.config("gemini-test").maxTokens = 256;
    server.enqueue(turn.toolCall("getWeather", { city: "Paris" }), turn.text("It is 18 °C in Paris."));
    const ctx = new Context().system("Be brief.").user("Weather in Paris?");
    ctx.toolPolicy.allow("getWeather");
    const completion = await ep.completions("gemini-test", ctx);
    expect(completion).toMatchObject({ text: "It is 18 °C in Paris.", stopped: "done", rounds: 2 });
    expect(runs).toEqual(["getWeather Paris"]);
    const [first, second] = server.requests.map(bodyOf);
    expect(first).toMatchObject({
      systemInstruction: { parts: [{ text: "Be brief." }] },
      tools: [{ functionDeclarations: [{ name: "getWeather", parametersJsonSchema: { required: ["city"] } }] }],
      generationConfig: { maxOutputTokens: 256 },
    });
    // The first reply's call part, exactly as the server sent it, then its answer.
    const sent = second!.contents[1]!.parts[0]!;
    expect(sent.thoughtSignature).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(sent.thoughtSignature!, "base64").toString()).toMatch(/^scripted-signature-\d+-0$/);
    expect(sent.functionCall).toEqual({
      name: "getWeather",
      args: { city: "Paris" },
      id: expect.stringMatching(/^fc_scripted_/),
    });
    expect(second!.contents[2]).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "getWeather", response: { output: "18 °C in Paris" }, id: sent.functionCall!.id } },
      ],
    });
  });

  it("streams over alt=sse: text deltas while the loop runs, the same completion at the end", async () => {
    const ep = endpoint();
    server.enqueue(
      { ...turn.toolCall("getWeather", { city: "Oslo" }), crlf: true },
      { ...turn.text("Cold in Oslo.", { deltaSize: 4 }), crlf: true },
    );
    const ctx = new Context().user("Oslo?");
    ctx.toolPolicy.allow("*");
    const stream = ep.stream("gemini-test", ctx);
    const texts: string[] = [];
    for await (const event of stream) if (event.type === "text-delta") texts.push(event.text);
    const completion = await stream.completion;
    expect(texts).toEqual(["Cold", " in ", "Oslo", "."]);
    expect(completion).toMatchObject({ text: "Cold in Oslo.", rounds: 2 });
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v1beta/models/gemini-test:streamGenerateContent?alt=sse",
      "/v1beta/models/gemini-test:streamGenerateContent?alt=sse",
    ]);
    // The signature the stream closed with (an empty text part) goes back on the text.
    const model = ctx.messages.at(-1)!;
    expect(model).toMatchObject({
      role: "assistant",
      content: "Cold in Oslo.",
      providerData: { gemini: { parts: [{ text: "Cold in Oslo.", thoughtSignature: expect.any(String) }] } },
    });
  });

  it("honours a 429's RetryInfo delay in error.details like Retry-After, and fails at once past maxRetryAfterMs", async () => {
    const retries: RetryInfo[] = [];
    const ep = endpoint({ onRetry: (info) => retries.push(info) });
    server.enqueue(turn.error(429, { body: retryInfo("0.05s") }), turn.text("ok"));
    await expect(ep.completions("gemini-test", "Hi")).resolves.toMatchObject({ text: "ok" });
    expect(retries.map((r) => r.delayMs)).toEqual([50]);
    server.enqueue(turn.error(429, { body: retryInfo("120s") }));
    const error = await endpointFailure(ep.completions("gemini-test", "Hi"));
    expect([error.status, error.message]).toEqual([
      429,
      expect.stringMatching(/HTTP 429 .*Resource has been exhausted/),
    ]);
    expect(retries).toHaveLength(1);
  });

  it("reads an HTTP error whose body is plain JSON under text/event-stream, and one sent with status 200 to a stream", async () => {
    const ep = endpoint({ retries: 0 });
    const body = JSON.stringify([
      {
        error: {
          code: 400,
          message: "Function call is missing a thought_signature in functionCall parts.",
          status: "INVALID_ARGUMENT",
        },
      },
    ]);
    server.enqueue(turn.raw(body, { status: 400, contentType: "text/event-stream" }));
    const failed = await endpointFailure(ep.stream("gemini-test", "Hi").completion);
    expect([failed.status, failed.retryable, failed.message]).toEqual([
      400,
      false,
      expect.stringMatching(/missing a thought_signature/),
    ]);
    expect(failed.message).not.toContain('"error"'); // the server's message, not the JSON around it
    server.enqueue(
      turn.raw(JSON.stringify({ error: { code: 503, message: "Overloaded", status: "UNAVAILABLE" } }), {
        contentType: "text/event-stream",
      }),
    );
    const overloaded = await endpointFailure(ep.stream("gemini-test", "Hi").completion);
    expect([overloaded.status, overloaded.message]).toEqual([503, expect.stringMatching(/UNAVAILABLE.*Overloaded/)]);
  });

  it("reads a stream request answered with a JSON array of chunks (a server that ignores alt=sse)", async () => {
    const chunks = [
      { candidates: [{ content: { role: "model", parts: [{ text: "Hel" }] }, index: 0 }] },
      { candidates: [{ content: { role: "model", parts: [{ text: "lo" }] }, index: 0, finishReason: "STOP" }] },
    ];
    server.enqueue(turn.raw(JSON.stringify(chunks)));
    await expect(endpoint().stream("gemini-test", "Hi").completion).resolves.toMatchObject({ text: "Hello" });
  });

  it("leaves the conversation as it was when a stream is cut before its finish reason", async () => {
    const ep = endpoint({ retries: 0 });
    server.enqueue({ ...turn.text("Hello there", { deltaSize: 3 }), cutAfter: 2 });
    const ctx = new Context().user("Hi");
    const error = await ep.stream("gemini-test", ctx).completion.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(ctx.messages).toHaveLength(1);
    server.enqueue(turn.error(503));
    expect(EndpointError.isInstance(await ep.completions("gemini-test", ctx).catch((e: unknown) => e))).toBe(true);
    expect(ctx.messages).toHaveLength(1);
  });
});
