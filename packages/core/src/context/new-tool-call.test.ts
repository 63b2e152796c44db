import { isDeepStrictEqual, inspect } from "node:util";
import { ToolPolicyStatus } from "../policy/tool-policy-status.js";
import { newToolCall } from "./new-tool-call.js";
import type { ToolCall } from "../policy/tool-call.js";

describe("newToolCall", () => {
  it("makes the same plain object as a literal: prototype, constructor, keys and their order", () => {
    const call = newToolCall("call_1", "function", "getWeather", { city: "Oslo" }, '{"city":"Oslo"}');
    const literal: ToolCall = {
      id: "call_1",
      type: "function",
      name: "getWeather",
      arguments: { city: "Oslo" },
      rawArguments: '{"city":"Oslo"}',
    };
    expect(Object.getPrototypeOf(call)).toBe(Object.prototype);
    expect(call.constructor).toBe(Object);
    expect(Object.keys(call)).toEqual(["id", "type", "name", "arguments", "rawArguments"]);
    expect(call).toStrictEqual(literal);
    expect(isDeepStrictEqual(call, literal)).toBe(true);
    expect(inspect(call)).toBe(inspect(literal));
  });

  it("takes the fields a decision and a run add after the first five, in the order they were set", () => {
    const call = newToolCall("call_2", "custom", "shell", {}, "ls -l");
    call.policyResult = { status: ToolPolicyStatus.Allowed, message: "Allowed by the application." };
    call.binding = "sha256:" + "0".repeat(64);
    call.started = true;
    call.result = { output: "done", isError: false };
    expect(Object.keys(call)).toEqual([
      "id",
      "type",
      "name",
      "arguments",
      "rawArguments",
      "policyResult",
      "binding",
      "started",
      "result",
    ]);
    expect(JSON.parse(JSON.stringify(call))).toEqual({ ...call });
    expect({ ...call }).toStrictEqual(call);
  });
});
