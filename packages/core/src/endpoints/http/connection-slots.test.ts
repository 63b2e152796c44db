import { ConnectionSlots } from "./connection-slots.js";

describe("ConnectionSlots.tryAcquire", () => {
  it("takes a free slot at once, and gives none when all are held or the signal fired", async () => {
    const slots = new ConnectionSlots(1);
    const release = slots.tryAcquire(undefined);
    expect(release).toBeInstanceOf(Function);
    expect(slots.held).toBe(1);
    expect(slots.tryAcquire(undefined)).toBeUndefined();

    // A waiter queued by acquire gets the slot when the quick holder gives it back.
    const waiting = slots.acquire(1000, undefined);
    release!();
    release!(); // twice is a no-op
    const next = await waiting;
    expect(slots.held).toBe(1);
    next();
    expect(slots.held).toBe(0);

    const controller = new AbortController();
    controller.abort();
    expect(slots.tryAcquire(controller.signal)).toBeUndefined();
    expect(slots.held).toBe(0);
  });
});
