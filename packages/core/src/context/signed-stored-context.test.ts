// With a secret, any change to a stored context is refused: the root too, not only what the
// signature covers.
import { turn } from "@tooltype/testing";
import { completions } from "../completions.js";
import { startLoop, type LoopSetup } from "../loop/fixtures/loop-setup.js";
import { ContextJSONError } from "./context-errors.js";
import { Context } from "./context.js";

let setup: LoopSetup;
beforeEach(async () => {
  setup = await startLoop();
});
afterEach(() => setup.close());

const secret = "context-secret";

/** The signed stored context of a conversation waiting for approval, as text. */
async function waitingStoredContext(): Promise<string> {
  setup.server.enqueue(turn.toolCall("pay", { amount: 5 }));
  const ctx = new Context({ secret }).user("Pay 5");
  expect((await completions(setup.endpoint, "m", ctx)).stopped).toBe("attention");
  return JSON.stringify(ctx);
}

it.each([
  ["an unknown key", (stored: string) => stored.replace('{"format"', '{"zz":1,"format"'), "zz"],
  [
    "a __proto__ key",
    (stored: string) => stored.replace('{"format"', '{"__proto__":{"polluted":true},"format"'),
    "__proto__",
  ],
])("a signed stored context with %s at the root is refused", async (_what, tamper, path) => {
  const tampered = tamper(await waitingStoredContext());
  const error = (() => {
    try {
      Context.fromJSON(tampered, { secret });
      return undefined;
    } catch (e) {
      return e;
    }
  })();
  expect(ContextJSONError.isInstance(error)).toBe(true);
  expect((error as ContextJSONError).path).toBe(path);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it("the untouched signed store restores, and without a secret extra root keys are still read", async () => {
  const stored = await waitingStoredContext();
  expect(Context.fromJSON(stored, { secret }).pending()).toHaveLength(1);
  expect(Context.fromJSON(stored.replace('{"format"', '{"zz":1,"format"')).pending()).toHaveLength(1);
});
