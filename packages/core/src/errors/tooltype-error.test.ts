import { EndpointError } from "./endpoint-error.js";
import { ProtocolError } from "./protocol-error.js";
import { TooltypeError } from "./tooltype-error.js";
import { UnknownToolError } from "./unknown-tool-error.js";

describe("TooltypeError", () => {
  it("carries a stable code and a name", () => {
    const error = new UnknownToolError("getWeather", ["search"]);
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.name).toBe("UnknownToolError");
    expect(error.message).toContain('"getWeather"');
    expect(error.message).toContain("search");
  });

  it("is recognised by a marker, not the prototype, so two copies of the package agree", () => {
    const foreign = Object.assign(new Error("from another copy"), { code: "ENDPOINT" });
    Object.defineProperty(foreign, Symbol.for("tooltype.error"), { value: "ENDPOINT" });
    expect(TooltypeError.isInstance(foreign)).toBe(true);
    expect(EndpointError.isInstance(foreign)).toBe(true);
    expect(ProtocolError.isInstance(foreign)).toBe(false);
    expect(TooltypeError.isInstance(new Error("plain"))).toBe(false);
    expect(TooltypeError.isInstance(null)).toBe(false);
  });

  it("keeps status and retryability on endpoint errors", () => {
    const error = new EndpointError("HTTP 429 from /v1/chat/completions", {
      status: 429,
      retryable: true,
      requestId: "req_1",
    });
    expect([error.status, error.retryable, error.requestId]).toEqual([429, true, "req_1"]);
    expect(error instanceof TooltypeError).toBe(true);
  });
});
