import { AsyncLocalStorage } from "node:async_hooks";
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { completions } from "../completions.js";
import type { LoopEvent } from "./loop-event.js";
import type { CompletionHooks, LoopHooks } from "./loop-hooks.js";
import { streamCompletion } from "./stream.js";
import { startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

/** Hooks that run each piece of work inside a named AsyncLocalStorage scope and log what they see. */
function scoped(scope: AsyncLocalStorage<string>, log: string[]): LoopHooks {
  return ({ model, stream }) => {
    log.push(`start ${model} stream=${stream}`);
    const within = <T>(name: string, run: () => Promise<T>): Promise<T> =>
      scope.run(name, async () => {
        log.push(`enter ${name}`);
        try {
          return await run();
        } catch (error) {
          log.push(`failed ${name}`);
          throw error;
        } finally {
          log.push(`leave ${name}`);
        }
      });
    const hooks: CompletionHooks = {
      onEvent: (event) => log.push(`${event.type} in ${scope.getStore() ?? "nothing"}`),
      completion: (run) => within("completion", run),
      request: (request, run) => within(`request ${request.round}`, run),
      tool: (call, run) => within(`tool ${call.name}`, run),
    };
    return hooks;
  };
}

describe("options.hooks", () => {
  it("runs the completion, each request and each tool run inside the hook's scope, events included", async () => {
    const { server, endpoint } = setup;
    const scope = new AsyncLocalStorage<string>();
    const seenByTool: Array<string | undefined> = [];
    endpoint.tools.define({
      name: "where",
      description: "Says which scope it runs in.",
      impl: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        seenByTool.push(scope.getStore());
        return "ok";
      },
    });
    server.enqueue(turn.toolCall("where", {}), turn.text("Done."));
    const ctx = new Context().user("Where?");
    ctx.toolPolicy.allow("where");
    const log: string[] = [];

    const completion = await completions(endpoint, "m", ctx, 8, { hooks: scoped(scope, log) });

    expect(completion.text).toBe("Done.");
    expect(seenByTool).toEqual(["tool where"]);
    expect(log).toEqual([
      "start m stream=false",
      "enter completion",
      "enter request 1",
      "request in request 1",
      "reply in request 1",
      "leave request 1",
      "tool-call in completion",
      "decision in completion",
      "enter tool where",
      "tool-start in tool where",
      "tool-result in tool where",
      "leave tool where",
      "round-end in completion",
      "enter request 2",
      "request in request 2",
      "reply in request 2",
      "leave request 2",
      "round-end in completion",
      "leave completion",
    ]);
  });

  it("keeps the scope through a streamed completion, and still calls options.onEvent first", async () => {
    const { server, endpoint } = setup;
    const scope = new AsyncLocalStorage<string>();
    let toolScope: string | undefined;
    endpoint.tools.define({
      name: "where",
      description: "Says which scope it runs in.",
      impl: () => {
        toolScope = scope.getStore();
        return "ok";
      },
    });
    server.enqueue(turn.toolCall("where", {}), turn.text("Streamed.", { deltaSize: 3 }));
    const ctx = new Context().user("Where?");
    ctx.toolPolicy.allow("where");
    const log: string[] = [];
    const order: string[] = [];
    const hooks = scoped(scope, log);
    const stream = streamCompletion(endpoint, "m", ctx, {
      onEvent: (event) => order.push(`user ${event.type}`),
      hooks: (start) => {
        const inner = hooks(start);
        return { ...inner, onEvent: (event) => order.push(`hook ${event.type}`) };
      },
    });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);

    expect((await stream.completion).text).toBe("Streamed.");
    expect(toolScope).toBe("tool where");
    expect(log[0]).toBe("start m stream=true");
    expect(order.slice(0, 4)).toEqual(["user request", "hook request", "user tool-call-delta", "hook tool-call-delta"]);
    expect(types).toContain("text-delta");
  });

  it("lets a failed request's error through its request and completion wrappers", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.error(400, { message: "bad request" }));
    const log: string[] = [];
    const failing = completions(endpoint, "m", new Context().user("Hi"), 8, {
      hooks: scoped(new AsyncLocalStorage<string>(), log),
    });

    await expect(failing).rejects.toThrow(/400/);
    expect(log).toEqual([
      "start m stream=false",
      "enter completion",
      "enter request 1",
      "request in request 1",
      "failed request 1",
      "leave request 1",
      "failed completion",
      "leave completion",
    ]);
  });

  it("wraps the one request of a prompt string, and is never called for options that were refused", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text("Hello."));
    const log: string[] = [];
    const hooks = scoped(new AsyncLocalStorage<string>(), log);
    expect(await completions(endpoint, "m", "Hi", 8, { hooks }).then((c) => c.text)).toBe("Hello.");
    expect(log.filter((line) => line.startsWith("enter"))).toEqual(["enter completion", "enter request 1"]);

    log.length = 0;
    await expect(completions(endpoint, "m", "Hi", 8, { hooks, concurrency: 0 })).rejects.toThrow(RangeError);
    await expect(completions(endpoint, "m", "Hi", 8, { hooks: {} as unknown as LoopHooks })).rejects.toThrow(
      /options\.hooks must be a function/,
    );
    expect(log).toEqual([]);
  });
});

describe("the reply event", () => {
  it("names the response's id and model when the body does", async () => {
    const { server, endpoint } = setup;
    server.enqueue(turn.text("Hi."));
    const events: LoopEvent[] = [];
    await completions(endpoint, "gpt-test", new Context().user("Hi"), 8, { onEvent: (event) => events.push(event) });
    const reply = events.find((event) => event.type === "reply");
    expect(reply).toMatchObject({ type: "reply", responseId: "chatcmpl-scripted-1", responseModel: "gpt-test" });
  });
});
