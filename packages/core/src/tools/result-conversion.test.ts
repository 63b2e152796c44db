import fc from "fast-check";
import { Tool, toolError } from "@tooltype/core";
import { convertResult } from "./result-conversion.js";

function returning(value: unknown): Tool {
  return new Tool({ name: "result", description: "", impl: () => value });
}

describe("result conversion", () => {
  it("sends a string as is and anything else as JSON", () => {
    expect(convertResult("plain text")).toEqual({ ok: true, output: "plain text" });
    expect(convertResult(42)).toEqual({ ok: true, output: "42" });
    expect(convertResult(null)).toEqual({ ok: true, output: "null" });
    expect(convertResult({ a: [1, "two", false] })).toEqual({ ok: true, output: '{"a":[1,"two",false]}' });
  });

  it("turns undefined (a void function) into {}", () => {
    expect(convertResult(undefined)).toEqual({ ok: true, output: "{}" });
  });

  it("refuses a function or a symbol returned as the result, instead of sending {} as if it were one", async () => {
    const fn = await returning(() => "forgot to call me").execute({}, { callId: "call_1" });
    expect([fn.failure, fn.message]).toEqual([
      "conversion",
      "Tool result returned a value that cannot be sent as JSON: it is a function (return what it computes instead).",
    ]);
    expect(convertResult(Symbol("s"))).toEqual({
      ok: false,
      message: "it is a symbol (return a string instead)",
    });
  });

  it("honours toJSON, writes dates as ISO strings, maps as objects and sets as arrays", () => {
    const money = { amount: 5, toJSON: () => "5.00 EUR" };
    const value = {
      when: new Date(Date.UTC(2024, 4, 1, 12)),
      price: money,
      stock: new Map<string, unknown>([
        ["apples", 3],
        ["pears", new Set(["green"])],
      ]),
      tags: new Set(["a", "b"]),
    };
    expect(convertResult(value)).toEqual({
      ok: true,
      output:
        '{"when":"2024-05-01T12:00:00.000Z","price":"5.00 EUR","stock":{"apples":3,"pears":["green"]},"tags":["a","b"]}',
    });
  });

  it("writes a map key named __proto__ as data, polluting nothing", () => {
    expect(convertResult(new Map([["__proto__", { polluted: true }]]))).toEqual({
      ok: true,
      output: '{"__proto__":{"polluted":true}}',
    });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("gives a cycle or a bigint an error result instead of crashing", async () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic["self"] = cyclic;
    const cycle = await returning(cyclic).execute({}, { callId: "call_1" });
    expect(cycle).toEqual({
      result: {
        output: JSON.stringify({
          error:
            "Tool result returned a value that cannot be sent as JSON: it contains a cycle (an object that refers to itself).",
        }),
        isError: true,
      },
      failure: "conversion",
      message:
        "Tool result returned a value that cannot be sent as JSON: it contains a cycle (an object that refers to itself).",
    });
    const big = await returning({ id: 10n }).execute({}, { callId: "call_2" });
    expect([big.failure, big.message]).toEqual([
      "conversion",
      "Tool result returned a value that cannot be sent as JSON: it contains a bigint (convert it to a string or number first).",
    ]);
    const selfMap = new Map<string, unknown>();
    selfMap.set("me", selfMap);
    expect((await returning(selfMap).execute({}, { callId: "call_3" })).failure).toBe("conversion");
  });

  it('makes a thrown error or a toolError an {"error": message} result', async () => {
    const thrower = new Tool({
      name: "t",
      description: "",
      impl: () => {
        throw new Error("no route to host");
      },
    });
    expect(await thrower.call({})).toEqual({ output: '{"error":"no route to host"}', isError: true });
    expect(await returning(toolError('City "Atlantis" not found')).call({})).toEqual({
      output: '{"error":"City \\"Atlantis\\" not found"}',
      isError: true,
    });
    const stringThrower = new Tool({
      name: "s",
      description: "",
      impl: () => {
        throw "plain string";
      },
    });
    expect(await stringThrower.call({})).toEqual({ output: '{"error":"plain string"}', isError: true });
  });

  it("round-trips any JSON value (strings as text, the rest as JSON)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const converted = convertResult(value);
        expect(converted.ok).toBe(true);
        if (!converted.ok) return;
        if (typeof value === "string") expect(converted.output).toBe(value);
        else expect(JSON.parse(converted.output)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
