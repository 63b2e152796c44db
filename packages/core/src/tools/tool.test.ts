import {
  AbortedError,
  Tool,
  ToolArgumentError,
  ToolRegistry,
  ToolTimeoutError,
  toolError,
  type ToolCallContext,
} from "@tooltype/core";
import { toolMetadata } from "./fixtures/tool-metadata.js";

const citySchema = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
  additionalProperties: false,
};

/** A promise and the function that resolves it. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("Tool.execute", () => {
  it("runs the function and reports no failure when it returns", async () => {
    const tool = new Tool({
      name: "population",
      description: "Population of a city.",
      schema: citySchema,
      impl: (args: { city: string }) => ({ city: args.city, people: 709000 }),
    });
    expect(await tool.execute({ city: "Oslo" }, { callId: "call_1" })).toEqual({
      result: { output: '{"city":"Oslo","people":709000}', isError: false },
    });
  });

  it("turns a returned toolError into an error result without a failure kind", async () => {
    const tool = new Tool({
      name: "population",
      description: "",
      schema: citySchema,
      impl: (args: { city: string }) => toolError(`No such city: ${args.city}`),
    });
    expect(await tool.execute({ city: "Atlantis" }, { callId: "call_1" })).toEqual({
      result: { output: '{"error":"No such city: Atlantis"}', isError: true },
      message: "No such city: Atlantis",
    });
  });

  it("turns a thrown error into an error result the model can read", async () => {
    const boom = new Error("database is down");
    const tool = new Tool({
      name: "population",
      description: "",
      schema: citySchema,
      impl: () => Promise.reject(boom),
    });
    const outcome = await tool.execute({ city: "Oslo" }, { callId: "call_1" });
    expect(outcome).toEqual({
      result: { output: '{"error":"database is down"}', isError: true },
      failure: "thrown",
      message: "database is down",
      error: boom,
    });
  });

  it("passes the call id, the application value, the conversation and the arguments in the context", async () => {
    let seen: ToolCallContext | undefined;
    const tool = new Tool({
      name: "who",
      description: "",
      schema: citySchema,
      impl: (_args: unknown, context: ToolCallContext) => void (seen = context),
    });
    await tool.execute({ city: "Oslo" }, { callId: "call_9", toolContext: { user: "ada" }, context: "conversation" });
    expect(seen).toMatchObject({
      callId: "call_9",
      toolContext: { user: "ada" },
      context: "conversation",
      arguments: { city: "Oslo" },
    });
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
  });

  it("hands each call a context of its own whose properties copy like a plain object's, the signal included", async () => {
    const seen: ToolCallContext[] = [];
    const tool = new Tool({
      name: "who",
      description: "",
      schema: citySchema,
      impl: (_args: unknown, context: ToolCallContext) => void seen.push(context),
    });
    await tool.execute({ city: "Oslo" }, { callId: "call_1", toolContext: "app" });
    await tool.execute({ city: "Lima" }, { callId: "call_2", toolContext: "app", timeoutMs: 1 });
    const [first, second] = seen;
    expect(Object.keys(first!)).toEqual(["callId", "signal", "context", "toolContext", "arguments"]);
    const copy = { ...first };
    expect(copy.callId).toBe("call_1");
    expect(copy.signal).toBeInstanceOf(AbortSignal);
    expect(copy.arguments).toEqual({ city: "Oslo" });
    expect(first!.signal).toBe(copy.signal); // made once per call, then the same signal
    expect(second!.signal).not.toBe(first!.signal);
    expect(second!.arguments).toEqual({ city: "Lima" });
  });

  it("times out even when the function ignores its signal, and aborts the signal it was given", async () => {
    const started = deferred<AbortSignal>();
    const tool = new Tool({
      name: "slow",
      description: "",
      timeoutMs: 20,
      impl: (_args: unknown, context: ToolCallContext) => {
        started.resolve(context.signal);
        return new Promise(() => undefined); // never settles, never listens
      },
    });
    const outcome = await tool.execute({}, { callId: "call_1" });
    expect(outcome).toEqual({
      result: { output: '{"error":"Tool slow timed out after 20 ms."}', isError: true },
      failure: "timeout",
      message: "Tool slow timed out after 20 ms.",
    });
    expect((await started.promise).aborted).toBe(true);
  });

  it("lets a per-call timeoutMs override the tool's own", async () => {
    const tool = new Tool({
      name: "slow",
      description: "",
      timeoutMs: 60_000,
      impl: () => new Promise(() => undefined),
    });
    expect((await tool.execute({}, { callId: "call_1", timeoutMs: 10 })).failure).toBe("timeout");
  });

  it("settles as aborted when the caller's signal fires, and never runs with an aborted signal", async () => {
    const runs = jest.fn();
    const started = deferred();
    const tool = new Tool({
      name: "wait",
      description: "",
      impl: () => {
        runs();
        started.resolve();
        return new Promise(() => undefined);
      },
    });
    const controller = new AbortController();
    const pending = tool.execute({}, { callId: "call_1", signal: controller.signal });
    await started.promise;
    controller.abort();
    expect(await pending).toEqual({
      result: { output: '{"error":"Tool wait was cancelled."}', isError: true },
      failure: "aborted",
      message: "Tool wait was cancelled.",
    });

    const before = await tool.execute({}, { callId: "call_2", signal: AbortSignal.abort() });
    expect(before.failure).toBe("aborted");
    expect(runs).toHaveBeenCalledTimes(1);
  });

  it("classifies a rejection caused by the timeout as a timeout", async () => {
    const tool = new Tool({
      name: "fetchy",
      description: "",
      timeoutMs: 10,
      impl: (_args: unknown, context: ToolCallContext) =>
        new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(new Error("fetch aborted")))),
    });
    expect((await tool.execute({}, { callId: "call_1" })).failure).toBe("timeout");
  });
});

describe("Tool.impl and Tool.call", () => {
  it("impl resolves with the raw return value and rejects on bad arguments without running", async () => {
    const spy = jest.fn((args: { city: string }) => ({ at: new Date(0), city: args.city }));
    const tool = new Tool({ name: "population", description: "", schema: citySchema, impl: spy });
    expect(await tool.impl({ city: "Oslo" })).toEqual({ at: new Date(0), city: "Oslo" });
    await expect(tool.impl({ town: "Oslo" })).rejects.toBeInstanceOf(ToolArgumentError);
    await expect(tool.impl({ town: "Oslo" })).rejects.toMatchObject({
      code: "TOOL_ARGUMENTS",
      toolName: "population",
      issues: [{ path: "/city" }, { path: "/town" }],
    });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("impl rethrows what the function threw, and rejects with typed errors on timeout and abort", async () => {
    const boom = new RangeError("out of range");
    const thrower = new Tool({
      name: "thrower",
      description: "",
      impl: () => {
        throw boom;
      },
    });
    await expect(thrower.impl({})).rejects.toBe(boom);

    const slow = new Tool({ name: "slow", description: "", timeoutMs: 5, impl: () => new Promise(() => undefined) });
    await expect(slow.impl({})).rejects.toBeInstanceOf(ToolTimeoutError);
    await expect(slow.impl({}, { signal: AbortSignal.abort(), timeoutMs: 0 })).rejects.toBeInstanceOf(AbortedError);
  });

  it("impl can be replaced: the replacement receives the validated arguments", async () => {
    const [tool] = new ToolRegistry().add(
      function greet(name: string) {
        return `hello ${name}`;
      },
      undefined,
      toolMetadata("greet", { name: { type: "string" } }),
    );
    expect(await tool!.call({ name: "Ada" })).toEqual({ output: "hello Ada", isError: false });
    tool!.impl = (args: { name: string }) => `hi ${args.name}`;
    expect(await tool!.call({ name: "Ada" })).toEqual({ output: "hi Ada", isError: false });
    tool!.impl = tool!.impl; // assigning the wrapper back changes nothing
    expect(await tool!.impl({ name: "Bo" })).toBe("hi Bo");
    expect(await tool!.call({ name: 1 })).toEqual({
      output: JSON.stringify({ error: "Invalid arguments for greet:\n- name: must be a string (got 1)" }),
      isError: true,
    });
  });

  it("a new schema takes effect on the next call (the validator is recompiled)", async () => {
    const tool = new Tool({ name: "population", description: "", schema: citySchema, impl: () => "ok" });
    expect((await tool.call({ city: "Oslo" })).isError).toBe(false);
    tool.schema = { ...citySchema, properties: { city: { type: "string", minLength: 5 } } };
    expect(await tool.call({ city: "Oslo" })).toEqual({
      output: JSON.stringify({
        error: 'Invalid arguments for population:\n- city: must have at least 5 characters (got "Oslo")',
      }),
      isError: true,
    });
  });

  it("a custom tool receives the raw text", async () => {
    const tool = new Tool({
      name: "sql",
      description: "Run SQL.",
      custom: true,
      impl: (input: string) => `ran: ${input}`,
    });
    expect(await tool.call("select 1")).toEqual({ output: "ran: select 1", isError: false });
    expect(await tool.call({ query: "select 1" })).toEqual({
      output: JSON.stringify({ error: "sql takes free text: its input must be a string, not object." }),
      isError: true,
    });
    expect(tool.custom).toBe(true);
  });

  it("refuses an invalid name", () => {
    expect(() => new Tool({ name: "no spaces", description: "", impl: () => undefined })).toThrow(
      expect.objectContaining({ code: "TOOL_DEFINITION" }),
    );
  });

  it("gives its revision a new value when description, schema or strict change", () => {
    const tool = new Tool({ name: "t", description: "", impl: () => undefined });
    const first = tool.revision;
    tool.timeoutMs = 5;
    expect(tool.revision).toBe(first);
    tool.description = "new";
    const second = tool.revision;
    expect(second).toBeGreaterThan(first);
    tool.strict = true;
    expect(tool.revision).toBeGreaterThan(second);
  });

  it("execute always settles through a promise, whether the function returns, resolves or throws", async () => {
    const tool = new Tool({
      name: "echo",
      description: "",
      schema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      impl: (args: { n: number }) => ({ got: args.n }),
    });
    const options = { callId: "c1" };
    const plain = tool.execute({ n: 1 }, options);
    expect(plain).toBeInstanceOf(Promise);
    expect(await plain).toEqual({ result: { output: '{"got":1}', isError: false } });
    tool.impl = async (args: { n: number }) => ({ later: args.n });
    expect(await tool.execute({ n: 2 }, options)).toEqual({ result: { output: '{"later":2}', isError: false } });
    tool.impl = () => {
      throw new Error("broken");
    };
    const thrown = tool.execute({ n: 3 }, options);
    expect(thrown).toBeInstanceOf(Promise);
    expect(await thrown).toMatchObject({ failure: "thrown", message: "broken", result: { isError: true } });
    expect(await tool.execute({ n: "four" }, options)).toMatchObject({ failure: "arguments" });
  });

  it("validateReturn checks a result against returns, and names a returns schema that does not compile", () => {
    const returns = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] };
    const tool = new Tool({ name: "check", description: "", returns, impl: () => ({ ok: true }) });
    expect(tool.validateReturn({ ok: true })).toEqual([]);
    expect(tool.validateReturn({ ok: "yes" })).toEqual([{ path: "/ok", message: expect.stringMatching(/boolean/) }]);
    expect(new Tool({ name: "free", description: "", impl: () => 1 }).validateReturn("anything")).toEqual([]);
    const broken = new Tool({ name: "broken", description: "", returns: { type: "nonsense" }, impl: () => 1 });
    expect(broken.validateReturn({})).toEqual([
      { path: "", message: expect.stringMatching(/^cannot be checked: the return schema does not compile/) },
    ]);
  });
});
