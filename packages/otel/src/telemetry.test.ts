import { Context } from "@tooltype/core";
import { turn } from "@tooltype/testing";
import { startOtel } from "./fixtures/otel-setup.js";
import { Telemetry } from "./telemetry.js";

describe("Telemetry options", () => {
  it("refuses content limits that are not positive integers", () => {
    expect(() => new Telemetry({ recordContent: { maxLength: 0 } })).toThrow(/recordContent\.maxLength/);
    expect(() => new Telemetry({ recordContent: { maxMessages: 1.5 } })).toThrow(/recordContent\.maxMessages/);
  });

  it("reports the provider name it is given, for an OpenAI-compatible server that is someone else", async () => {
    const otel = await startOtel({ providerName: "deepseek" });
    try {
      otel.server.enqueue(turn.text("Hi."));
      await otel.endpoint.completions("deepseek-chat", new Context().user("Hi"), { hooks: otel.telemetry.hooks });
      expect(otel.span("chat deepseek-chat").attributes["gen_ai.provider.name"]).toBe("deepseek");
      expect(otel.span("invoke_agent").attributes["gen_ai.provider.name"]).toBe("deepseek");
    } finally {
      await otel.close();
    }
  });
});
