import { openAIDefaultBaseURL, resolveOpenAIOptions } from "./options.js";

describe("OpenAI options", () => {
  it("defaults as docs/provider-formats.md says: OpenAI's API, 60 s timeout, 2 retries, 32 MiB replies", () => {
    const resolved = resolveOpenAIOptions({});
    expect(resolved.baseURL).toBe(openAIDefaultBaseURL);
    expect(resolved.timeoutMs).toBe(60_000);
    expect(resolved.retry.retries).toBe(2);
    expect(resolved.maxResponseBytes).toBe(32 * 1024 * 1024);
    expect(resolved.maxTokensField).toBe("max_completion_tokens"); // OpenAI's own host
    expect(resolveOpenAIOptions("http://localhost:1234").maxTokensField).toBe("max_tokens"); // LM Studio, Ollama, …
  });

  it("adds /v1 to a URL without a path, keeps a given path, and keeps the query out of baseURL", () => {
    expect(resolveOpenAIOptions("http://localhost:1234").baseURL).toBe("http://localhost:1234/v1");
    expect(resolveOpenAIOptions("http://localhost:11434/api/").baseURL).toBe("http://localhost:11434/api");
    const azure = resolveOpenAIOptions("https://x.openai.azure.com/openai/deployments/d?api-version=2024-10-21");
    expect([azure.baseURL, azure.query]).toEqual([
      "https://x.openai.azure.com/openai/deployments/d",
      "?api-version=2024-10-21",
    ]);
  });

  it("sends the key as a bearer token, replacing credentials written into the URL", () => {
    expect(resolveOpenAIOptions({ baseURL: "http://u:p@localhost:1234", apiKey: "sk-x" }).headers).toEqual({
      authorization: "Bearer sk-x",
    });
    expect(resolveOpenAIOptions({ baseURL: "http://localhost:1234", apiKey: "" }).headers).toEqual({});
  });

  it("refuses bad numbers and URLs with errors that name the option", () => {
    expect(() => resolveOpenAIOptions({ timeoutMs: 0 })).toThrow(/timeoutMs must be a number > 0, got 0/);
    expect(() => resolveOpenAIOptions({ retries: 1.5 })).toThrow(/retries must be an integer ≥ 0/);
    expect(() => resolveOpenAIOptions({ maxResponseBytes: -1 })).toThrow(RangeError);
    expect(() => resolveOpenAIOptions("localhost:1234")).toThrow(/must use http or https/);
    expect(() => resolveOpenAIOptions("not a url")).toThrow(/baseURL is not a URL/);
  });
});
