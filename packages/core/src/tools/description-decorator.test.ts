import { Description, ToolRegistry, TooltypeError, registerToolMetadata } from "@tooltype/core";
import { toolMetadata, untransformedDescription, weatherMetadata } from "./fixtures/tool-metadata.js";

// Standard (TC39) decorators: this file is compiled without experimentalDecorators.

class Weather {
  calls = 0;
  constructor(private readonly prefix: string) {}

  @Description("Get the current weather for a location.", undefined, weatherMetadata())
  async getWeather(location: string, unit: "c" | "f" = "c"): Promise<string> {
    this.calls += 1;
    return `${this.prefix} ${location}: 21°${unit.toUpperCase()}`;
  }

  @Description(
    "",
    { name: "local_time", timeoutMs: 500, strict: true },
    toolMetadata("getTime", {}, { description: "The local time." }),
  )
  getTime(): string {
    return "12:00";
  }

  notATool(): string {
    return "never offered";
  }
}

/** A decorator that replaces the method by a wrapper, the way logging or caching decorators do. */
function logged(log: string[]) {
  return function <T extends (...args: never[]) => unknown>(method: T, context: ClassMethodDecoratorContext): T {
    return function (this: unknown, ...args: never[]) {
      log.push(String(context.name));
      return method.apply(this, args);
    } as T;
  };
}

describe("@Description with standard decorators", () => {
  it("registers every decorated method, bound to its instance, and nothing else", async () => {
    const tools = new ToolRegistry();
    const weather = new Weather("Now in");
    const added = tools.add(weather);
    expect(added.map((tool) => tool.name)).toEqual(["getWeather", "local_time"]);
    expect(tools.has("notATool")).toBe(false);

    const result = await tools.call("getWeather", { location: "Oslo" });
    expect(result).toEqual({ output: "Now in Oslo: 21°C", isError: false });
    expect(weather.calls).toBe(1);
  });

  it("takes the name, timeout and strictness from the options and falls back to the JSDoc summary", () => {
    const time = new ToolRegistry().add(new Weather("x"))[1]!;
    expect([time.name, time.timeoutMs, time.strict, time.description]).toEqual([
      "local_time",
      500,
      true,
      "The local time.",
    ]);
  });

  it("keeps the metadata when another decorator replaces the method, and runs the wrapper", async () => {
    const log: string[] = [];
    class Wrapped {
      @logged(log)
      @Description("Add two numbers.", undefined, toolMetadata("add", { a: { type: "number" }, b: { type: "number" } }))
      add(a: number, b: number): number {
        return a + b;
      }
    }
    const tools = new ToolRegistry();
    tools.add(new Wrapped());
    expect(await tools.call("add", { a: 2, b: 3 })).toEqual({ output: "5", isError: false });
    expect(log).toEqual(["add"]);
  });

  it("lets subclasses inherit tools, and a subclass's own @Description on an override wins", async () => {
    class Base {
      @Description("Say hello.", undefined, toolMetadata("hello", { name: { type: "string" } }))
      hello(name: string): string {
        return `hello ${name}`;
      }

      @Description("Base version.", undefined, toolMetadata("describe", {}))
      describe(): string {
        return "base";
      }
    }
    class Child extends Base {
      @Description("Child version, with a flag.", undefined, toolMetadata("describe", { loud: { type: "boolean" } }))
      override describe(loud = false): string {
        return loud ? "CHILD" : "child";
      }
    }
    class Quiet extends Base {
      override hello(name: string): string {
        return `psst ${name}`;
      }
    }

    const tools = new ToolRegistry();
    tools.add(new Child());
    expect(
      tools
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(["describe", "hello"]);
    expect(tools.get("describe").description).toBe("Child version, with a flag.");
    expect(await tools.call("describe", { loud: true })).toEqual({ output: "CHILD", isError: false });
    expect(await tools.call("hello", { name: "Ada" })).toEqual({ output: "hello Ada", isError: false });

    const quiet = new ToolRegistry();
    quiet.add(new Quiet());
    expect(await quiet.call("hello", { name: "Ada" })).toEqual({ output: "psst Ada", isError: false });
    expect((await new ToolRegistry().add(new Base())[1]!.call({})).output).toBe("base");
  });

  it("refuses static, #private and symbol-named methods with a clear error", () => {
    const meta = toolMetadata("x", {});
    const define = {
      static: () => {
        class S {
          @Description("static", undefined, meta)
          static run(): void {}
        }
        return S;
      },
      private: () => {
        class P {
          @Description("private", undefined, meta)
          // eslint-disable-next-line no-unused-private-class-members -- the decorator must refuse it
          #run(): void {}
        }
        return P;
      },
      symbol: () => {
        const key = Symbol("run");
        class Y {
          @Description("symbol", undefined, meta)
          [key](): void {}
        }
        return Y;
      },
    };
    expect(define.static).toThrow(/cannot go on the static method run/);
    expect(define.private).toThrow(/cannot go on the private method #run/);
    expect(define.symbol).toThrow(/cannot go on the symbol-named method Symbol\(run\)/);
    for (const attempt of Object.values(define)) {
      try {
        attempt();
      } catch (error) {
        expect(TooltypeError.isInstance(error) && error.code).toBe("TOOL_DEFINITION");
      }
    }
  });

  it("refuses an invalid tool name when the class is defined", () => {
    expect(() => Description("x", { name: "get weather!" })).toThrow(
      /Invalid tool name "get weather!".*\^\[A-Za-z0-9_-\]\{1,64\}\$/,
    );
    expect(() => Description("x", { name: "a".repeat(65) })).toThrow(TooltypeError);
  });

  it("fails at tools.add, naming Class.method and both fixes, when no metadata was injected or registered", () => {
    const describe = untransformedDescription("Not built with the transformer.");
    class Untransformed {
      @describe
      lookUp(query: string): string {
        return query;
      }
    }
    const tools = new ToolRegistry();
    let thrown: unknown;
    try {
      tools.add(new Untransformed());
    } catch (error) {
      thrown = error;
    }
    expect(TooltypeError.isInstance(thrown) && thrown.code).toBe("TOOL_NOT_TRANSFORMED");
    const message = (thrown as Error).message;
    expect(message).toContain("Untransformed.lookUp");
    expect(message).toContain("tooltype transformer");
    expect(message).toContain("tooltype build");
    expect(message).toContain("astTransformers");
    expect(message).toContain("tooltype generate");
    expect(message).toContain("import the generated sidecar");
    expect(message).toContain("@tooltype/transformer/bundler");
    expect(message).toMatch(/^Untransformed\.lookUp has no tool metadata: its schema was never generated/);
    expect(tools.size).toBe(0);
  });

  it("names every method without metadata, in a plural sentence", () => {
    const describe = untransformedDescription("Not built with the transformer.");
    class Trips {
      @describe
      forecast(city: string): string {
        return city;
      }
      @describe
      planTrip(city: string): string {
        return city;
      }
    }
    expect(() => new ToolRegistry().add(new Trips())).toThrow(
      /^Trips\.forecast, Trips\.planTrip have no tool metadata: their schemas were never generated\. Fix: /,
    );
  });

  it("uses metadata registered by a sidecar when nothing was injected", async () => {
    const describe = untransformedDescription("Look something up.");
    class Sidecar {
      @describe
      lookUp(query: string, limit = 3): string {
        return `${query}:${limit}`;
      }
    }
    registerToolMetadata(
      Sidecar,
      "lookUp",
      toolMetadata("lookUp", { query: { type: "string" }, limit: { type: "integer" } }, { required: ["query"] }),
    );
    const tools = new ToolRegistry();
    tools.add(new Sidecar());
    expect(await tools.call("lookUp", { query: "tea" })).toEqual({ output: "tea:3", isError: false });
  });

  it("still finds tools when Symbol.metadata was missing as the class was defined", async () => {
    const saved = Object.getOwnPropertyDescriptor(Symbol, "metadata");
    delete (Symbol as { metadata?: symbol }).metadata;
    let NoMetadata: new () => object;
    try {
      class Defined {
        @Description("Echo the text.", undefined, toolMetadata("echo", { text: { type: "string" } }))
        echo(text: string): string {
          return text;
        }
      }
      NoMetadata = Defined;
    } finally {
      if (saved !== undefined) Object.defineProperty(Symbol, "metadata", saved);
    }
    expect(Object.prototype.hasOwnProperty.call(NoMetadata, (Symbol as { metadata?: symbol }).metadata!)).toBe(false);
    const tools = new ToolRegistry();
    tools.add(new NoMetadata());
    expect(await tools.call("echo", { text: "hi" })).toEqual({ output: "hi", isError: false });
  });

  it("adds all of an instance's tools or none of them", () => {
    const describe = untransformedDescription("Missing metadata.");
    class Half {
      @Description("Has metadata.", undefined, toolMetadata("ready", {}))
      ready(): void {}

      @describe
      missing(): void {}
    }
    const tools = new ToolRegistry();
    expect(() => tools.add(new Half())).toThrow(/Half\.missing/);
    expect(tools.has("ready")).toBe(false);
  });

  it("refuses an instance with no @Description methods", () => {
    class Plain {
      run(): void {}
    }
    expect(() => new ToolRegistry().add(new Plain())).toThrow(/Plain has no @Description methods/);
  });
});
