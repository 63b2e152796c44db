import { createHash } from "node:crypto";
import { newToolCall } from "./new-tool-call.js";
import { callBinding } from "./signing.js";

describe("callBinding", () => {
  it("is sha256: and the hex SHA-256 of the call's id, type, name and arguments in canonical JSON", () => {
    const call = newToolCall(
      "call_7",
      "function",
      "convert",
      { to: "JPY", amount: 12.5 },
      '{"amount":12.5,"to":"JPY"}',
    );
    const canonical =
      '["call_7","function","convert",{"amount":12.5,"to":"JPY"},"{\\"amount\\":12.5,\\"to\\":\\"JPY\\"}"]';
    const expected = `sha256:${createHash("sha256").update(canonical, "utf8").digest("hex")}`;
    expect(callBinding(call)).toBe(expected);
    expect(callBinding(call)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("changes with any bound field", () => {
    const call = newToolCall("call_7", "function", "convert", { amount: 1 }, '{"amount":1}');
    const bound = callBinding(call);
    expect(callBinding({ ...call, arguments: { amount: 2 } })).not.toBe(bound);
    expect(callBinding({ ...call, name: "convert2" })).not.toBe(bound);
    expect(callBinding({ ...call, id: "call_8" })).not.toBe(bound);
    expect(callBinding({ ...call, rawArguments: '{"amount": 1}' })).not.toBe(bound);
  });
});
