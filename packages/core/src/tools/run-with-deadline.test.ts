import { runWithDeadline } from "./run-with-deadline.js";

const never = () => new Promise<never>(() => undefined);

describe("runWithDeadline", () => {
  it("without a timeout or a signal: returns, throws and rejects as the function does, with a signal that never fires", async () => {
    let seen: AbortSignal[] = [];
    expect(await runWithDeadline((signalOf) => ((seen = [signalOf(), signalOf()]), 42), {})).toEqual({
      kind: "returned",
      value: 42,
    });
    expect(seen[0]).toBeInstanceOf(AbortSignal);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]!.aborted).toBe(false);
    const boom = new Error("boom");
    expect(
      await runWithDeadline(() => {
        throw boom;
      }, {}),
    ).toEqual({ kind: "thrown", error: boom });
    expect(await runWithDeadline(() => Promise.reject(boom), {})).toEqual({ kind: "thrown", error: boom });
    expect(await runWithDeadline(async () => "later", {})).toEqual({ kind: "returned", value: "later" });
  });

  it("without a timeout or a signal: gives the outcome of a function that returns a plain value at once, and waits for a thenable", async () => {
    expect(runWithDeadline(() => 42, {})).toEqual({ kind: "returned", value: 42 });
    const boom = new Error("boom");
    expect(
      runWithDeadline(() => {
        throw boom;
      }, {}),
    ).toEqual({ kind: "thrown", error: boom });
    const thenable = { then: (resolve: (value: string) => void) => resolve("via then") };
    const waited = runWithDeadline(() => thenable, {});
    expect(waited).toBeInstanceOf(Promise);
    expect(await waited).toEqual({ kind: "returned", value: "via then" });
    const badThen = Object.defineProperty({}, "then", {
      get() {
        throw boom;
      },
    });
    expect(runWithDeadline(() => badThen, {})).toEqual({ kind: "thrown", error: boom });
    expect(runWithDeadline(() => 1, { timeoutMs: 1000 })).toBeInstanceOf(Promise);
  });

  it("times out a function that ignores its signal, and aborts the signal it read", async () => {
    let signal: AbortSignal | undefined;
    const outcome = await runWithDeadline((signalOf) => ((signal = signalOf()), never()), { timeoutMs: 10 });
    expect(outcome).toEqual({ kind: "timeout" });
    expect(signal?.aborted).toBe(true);
    expect(String(signal?.reason)).toMatch(/timed out after 10 ms/);
  });

  it("gives a function that reads its signal only after the deadline an aborted one", async () => {
    let late: Promise<AbortSignal> | undefined;
    const outcome = await runWithDeadline(
      (signalOf) => {
        late = new Promise((resolve) => setTimeout(() => resolve(signalOf()), 30));
        return never();
      },
      { timeoutMs: 5 },
    );
    expect(outcome).toEqual({ kind: "timeout" });
    expect((await late!).aborted).toBe(true);
  });

  it("settles as aborted, with the caller's reason, when the caller's signal fires; a signal already aborted runs nothing", async () => {
    const caller = new AbortController();
    let signal: AbortSignal | undefined;
    const running = runWithDeadline((signalOf) => ((signal = signalOf()), never()), { signal: caller.signal });
    caller.abort("user left");
    expect(await running).toEqual({ kind: "aborted", reason: "user left" });
    expect(signal?.reason).toBe("user left");

    const start = jest.fn();
    expect(await runWithDeadline(start, { signal: AbortSignal.abort("gone") })).toEqual({
      kind: "aborted",
      reason: "gone",
    });
    expect(start).not.toHaveBeenCalled();
  });

  it("counts a rejection caused by the deadline as the deadline, and a result before it as the result", async () => {
    const rejectOnAbort = (signalOf: () => AbortSignal) =>
      new Promise((_, reject) => signalOf().addEventListener("abort", () => reject(new Error("fetch aborted"))));
    expect(await runWithDeadline(rejectOnAbort, { timeoutMs: 5 })).toEqual({ kind: "timeout" });
    expect(
      await runWithDeadline(async () => "quick", { timeoutMs: 1000, signal: new AbortController().signal }),
    ).toEqual({ kind: "returned", value: "quick" });
  });

  it("lets go of the caller's signal once settled: a later abort reaches no finished call", async () => {
    const caller = new AbortController();
    let signal: AbortSignal | undefined;
    expect(
      await runWithDeadline((signalOf) => ((signal = signalOf()), "done"), { signal: caller.signal, timeoutMs: 1000 }),
    ).toEqual({ kind: "returned", value: "done" });
    caller.abort();
    expect(signal?.aborted).toBe(false);
  });
});
