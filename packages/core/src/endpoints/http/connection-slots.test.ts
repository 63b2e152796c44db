import { ConnectionSlots, SlotWaitError } from "./connection-slots.js";

describe("ConnectionSlots.acquire", () => {
  it("takes a free slot, queues when all are held, and refuses once the signal fired", async () => {
    const slots = new ConnectionSlots(1);
    const release = await slots.acquire(1000, undefined);
    expect(slots.held).toBe(1);

    // A waiter gets the slot when the holder gives it back.
    const waiting = slots.acquire(1000, undefined);
    release();
    release(); // twice is a no-op
    const next = await waiting;
    expect(slots.held).toBe(1);
    next();
    expect(slots.held).toBe(0);

    const controller = new AbortController();
    controller.abort("stop");
    const refused = await slots.acquire(1000, controller.signal).catch((e: unknown) => e);
    expect(refused instanceof SlotWaitError && refused.failure).toEqual({ kind: "aborted", reason: "stop" });
    expect(slots.held).toBe(0);
  });

  it("gives up waiting after timeoutMs, naming how many slots were busy", async () => {
    const slots = new ConnectionSlots(2);
    await slots.acquire(1000, undefined);
    await slots.acquire(1000, undefined);
    const timedOut = await slots.acquire(10, undefined).catch((e: unknown) => e);
    expect(timedOut instanceof SlotWaitError && timedOut.failure).toEqual({ kind: "timeout", size: 2 });
  });
});

describe("ConnectionSlots.tryAcquire", () => {
  it("takes a free slot at once, and gives none when all are held or the signal fired", async () => {
    const slots = new ConnectionSlots(1);
    const release = slots.tryAcquire(undefined);
    expect(release).toBeInstanceOf(Function);
    expect(slots.tryAcquire(undefined)).toBeUndefined();
    const waiting = slots.acquire(1000, undefined); // queued behind the quick holder
    release!();
    (await waiting)();
    expect(slots.held).toBe(0);
    const controller = new AbortController();
    controller.abort();
    expect(slots.tryAcquire(controller.signal)).toBeUndefined();
    expect(slots.held).toBe(0);
  });
});
