import { builtins } from "../builtins.js";
import { callJson, toolNamed } from "../fixtures/temp-dir.js";
import { zonedTime } from "./time-tool.js";

describe("the time tool", () => {
  it("gives the wall-clock time and offset of a zone at an instant", () => {
    const instant = new Date("2026-07-01T12:00:00Z");
    expect(zonedTime(instant, "Europe/Paris")).toEqual({
      timeZone: "Europe/Paris",
      utc: "2026-07-01T12:00:00.000Z",
      local: "2026-07-01 14:00:00",
      offset: "+02:00",
      weekday: "Wednesday",
    });
    expect(zonedTime(instant, "UTC").offset).toBe("+00:00");
    expect(zonedTime(instant, "Asia/Kolkata").local).toBe("2026-07-01 17:30:00");
  });

  it("answers now, in the default zone or the one asked for", async () => {
    const tool = toolNamed(builtins({ time: { defaultTimeZone: "Asia/Tokyo" } }), "time_now");
    const before = Date.now();
    const result = await callJson(tool, {});
    const after = Date.now();
    expect(result.value.timeZone).toBe("Asia/Tokyo");
    // Taken during the call, however long a busy machine made it.
    expect(Date.parse(result.value.utc)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(result.value.utc)).toBeLessThanOrEqual(after);
    expect((await callJson(tool, { timeZone: "America/New_York" })).value.timeZone).toBe("America/New_York");
  });

  it("refuses an unknown zone with an error the model can read", async () => {
    const result = await callJson(toolNamed(builtins({ time: true }), "time_now"), { timeZone: "Mars/Olympus" });
    expect(result.isError).toBe(true);
    expect(result.value.error).toContain('"Mars/Olympus" is not a known time zone');
    expect(() => builtins({ time: { defaultTimeZone: "Nowhere" } })).toThrow(TypeError);
  });
});
