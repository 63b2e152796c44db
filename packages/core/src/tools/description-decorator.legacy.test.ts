import "reflect-metadata";
import { Description, ToolRegistry, TooltypeError, registerToolMetadata, type ToolDeclaration } from "@tooltype/core";
import { toolMetadata, untransformedDescription, weatherMetadata } from "./fixtures/tool-metadata.js";

// experimentalDecorators + emitDecoratorMetadata (the NestJS setup): jest compiles *.legacy.test.ts
// with tsconfig.legacy.json.

class WeatherService {
  constructor(private readonly prefix: string) {}

  @Description("Get the current weather for a location.", { timeoutMs: 1000 }, weatherMetadata())
  async getWeather(location: string, unit: "c" | "f" = "c"): Promise<string> {
    return `${this.prefix} ${location}: 21°${unit.toUpperCase()}`;
  }
}

/** A legacy decorator that wraps the method through its descriptor, as NestJS interceptors do. */
function counted(counter: { calls: number }) {
  return function (_target: object, _key: string, descriptor: PropertyDescriptor): PropertyDescriptor {
    const original = descriptor.value as (...args: unknown[]) => unknown;
    return {
      ...descriptor,
      value(this: unknown, ...args: unknown[]) {
        counter.calls += 1;
        return original.apply(this, args);
      },
    };
  };
}

describe("@Description with experimentalDecorators", () => {
  it("registers decorated methods bound to the instance", async () => {
    const tools = new ToolRegistry();
    tools.add(new WeatherService("Now in"));
    const tool = tools.get("getWeather");
    expect(tool.timeoutMs).toBe(1000);
    expect(await tools.call("getWeather", { location: "Lima", unit: "f" })).toEqual({
      output: "Now in Lima: 21°F",
      isError: false,
    });
  });

  it("is readable with Reflect.getMetadata, on the class and its subclasses", () => {
    class Child extends WeatherService {}
    const own = Reflect.getMetadata("tooltype:tool", WeatherService.prototype, "getWeather") as ToolDeclaration;
    expect(own.method).toBe("getWeather");
    expect(own.description).toBe("Get the current weather for a location.");
    expect(own.metadata?.name).toBe("getWeather");
    expect(Reflect.getMetadata("tooltype:tool", Child.prototype, "getWeather")).toBe(own);
  });

  it("leaves emitDecoratorMetadata's design types in place", () => {
    const types = Reflect.getMetadata("design:paramtypes", WeatherService.prototype, "getWeather") as unknown[];
    expect(types).toEqual([String, String]);
  });

  it("keeps the metadata when another decorator replaces the method", async () => {
    const counter = { calls: 0 };
    class Wrapped {
      @counted(counter)
      @Description("Double a number.", undefined, toolMetadata("double", { n: { type: "number" } }))
      double(n: number): number {
        return n * 2;
      }
    }
    const tools = new ToolRegistry();
    tools.add(new Wrapped());
    expect(await tools.call("double", { n: 21 })).toEqual({ output: "42", isError: false });
    expect(counter.calls).toBe(1);
  });

  it("lets subclasses inherit tools, and an override's own @Description wins", async () => {
    class Base {
      @Description("Base.", undefined, toolMetadata("info", {}))
      info(): string {
        return "base";
      }
      @Description("Ping.", undefined, toolMetadata("ping", {}))
      ping(): string {
        return "pong";
      }
    }
    class Child extends Base {
      @Description("Child.", undefined, toolMetadata("info", { verbose: { type: "boolean", default: false } }))
      override info(verbose?: boolean): string {
        return verbose ? "child, verbosely" : "child";
      }
    }
    const tools = new ToolRegistry();
    tools.add(new Child());
    expect(
      tools
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(["info", "ping"]);
    expect(tools.get("info").description).toBe("Child.");
    expect(await tools.call("info", { verbose: true })).toEqual({ output: "child, verbosely", isError: false });
    expect(await tools.call("ping", {})).toEqual({ output: "pong", isError: false });
  });

  it("refuses static and symbol-named methods with a clear error", () => {
    const meta = toolMetadata("x", {});
    const defineStatic = () => {
      class Statics {
        @Description("static", undefined, meta)
        static run(): void {}
      }
      return Statics;
    };
    const defineSymbol = () => {
      const key = Symbol("run");
      class Symbols {
        @Description("symbol", undefined, meta)
        [key](): void {}
      }
      return Symbols;
    };
    expect(defineStatic).toThrow(/cannot go on the static method Statics\.run/);
    expect(defineSymbol).toThrow(/cannot go on the symbol-named method Symbols\.Symbol\(run\)/);
    try {
      defineStatic();
    } catch (error) {
      expect(TooltypeError.isInstance(error) && error.code).toBe("TOOL_DEFINITION");
    }
  });

  it("fails at tools.add naming Class.method when nothing was injected, and accepts the sidecar's metadata", async () => {
    const describe = untransformedDescription("Find a book.");
    class Library {
      @describe
      findBook(title: string): string {
        return `found ${title}`;
      }
    }
    const tools = new ToolRegistry();
    expect(() => tools.add(new Library())).toThrow(
      expect.objectContaining({ code: "TOOL_NOT_TRANSFORMED", message: expect.stringContaining("Library.findBook") }),
    );

    registerToolMetadata(Library, "findBook", toolMetadata("findBook", { title: { type: "string" } }));
    tools.add(new Library());
    expect(await tools.call("findBook", { title: "Dune" })).toEqual({ output: "found Dune", isError: false });
  });
});
