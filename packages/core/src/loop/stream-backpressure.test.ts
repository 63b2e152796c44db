// Backpressure seen from `endpoint.stream(...)`: a `for await` slower than the server holds the
// reply back (what the loop has produced but the loop's reader has not taken stays bounded), a
// stream nobody iterates still runs to its end, and leaving a held stream cancels it.
import { turn } from "@tooltype/testing";
import { Context } from "../context/context.js";
import { AbortedError } from "../errors/aborted-error.js";
import { STREAM_BACKLOG_BYTES } from "../endpoints/http/backpressure.js";
import type { LoopEvent } from "./loop-event.js";
import { startLoop, type LoopSetup } from "./fixtures/loop-setup.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// 1 MiB of text in 1,024 deltas: far more than STREAM_BACKLOG_BYTES, written as fast as the socket takes it.
const longText = Array.from({ length: 1024 }, (_, i) => `${String(i).padStart(4, "0")}${"x".repeat(1020)}`).join("");
const longReply = () => turn.text(longText, { deltaSize: 1024 });
const deltaText = (event: LoopEvent) => (event.type === "text-delta" ? event.text : "");

describe("endpoint.stream with a slow reader", () => {
  it.each([
    ["a prompt", () => "Write a lot."],
    ["a context", () => new Context().user("Write a lot.")],
  ])(
    "reads the reply to %s no faster than the for-await takes it: what waits stays bounded, the text arrives whole",
    async (_, input) => {
      setup.server.enqueue(longReply());
      let produced = 0;
      let taken = 0;
      let mostWaiting = 0;
      const s = setup.endpoint.stream("m", input(), {
        onEvent: (event) => {
          produced += deltaText(event).length;
          mostWaiting = Math.max(mostWaiting, produced - taken);
        },
      });
      let text = "";
      let events = 0;
      for await (const event of s) {
        text += deltaText(event);
        taken += deltaText(event).length;
        if (++events % 2 === 0) await sleep(1); // far slower than the server
      }
      expect(text).toBe(longText);
      expect((await s.completion).text).toBe(longText);
      // The bound, and what the socket buffered while paused (the text is most of each event's bytes);
      // read at the server's pace, most of the reply would wait.
      expect(mostWaiting).toBeGreaterThan(0);
      expect(mostWaiting).toBeLessThanOrEqual(3 * STREAM_BACKLOG_BYTES);
    },
  );

  it("runs to its end when nobody iterates: only a reader that iterates holds the reply back", async () => {
    setup.server.enqueue(longReply());
    const completion = await setup.endpoint.stream("m", "Write a lot.").completion;
    expect(completion.text).toBe(longText);
  });

  it("cancels the held request when the reader leaves: completion rejects with AbortedError", async () => {
    setup.server.enqueue(longReply(), turn.text("next"));
    const s = setup.endpoint.stream("m", new Context().user("Write a lot."));
    let events = 0;
    for await (const _event of s) {
      if (++events === 1) await sleep(100); // long enough for the reply to be paused
      if (events === 3) break;
    }
    const error = await s.completion.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AbortedError.isInstance(error)).toBe(true);
    expect((await setup.endpoint.completions("m", "Again.")).text).toBe("next"); // the endpoint goes on
  });
});
