// typia: validators and schemas generated at compile time (bench/typia/tools.ts, built with
// ts-patch into bench/.out/typia). typia ships no tool loop of its own, so this is the floor's
// bare loop plus typia's validateEquals on every call: the cheapest validated loop there is.
import { createRequire } from "node:module";
import { bareLoop } from "./floor.mjs";

const require = createRequire(import.meta.url);

/** Loads the compiled typia tools (run `npm run bench`, which compiles them first). */
export async function create(url, impls, options = {}) {
  const { typiaTools } = require("../.out/typia/tools.js");
  return bareLoop(
    url,
    impls,
    (t) => typiaTools[t.name]?.parameters ?? t.schema,
    (name, args) => {
      const check = typiaTools[name].validate(args);
      return check.success ? undefined : JSON.stringify(check.errors);
    },
    options,
  );
}
