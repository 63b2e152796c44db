// Plain JavaScript (ES modules), no build: the packages' named exports loaded by `import`.
import { completions, Context, defineTool, OpenAI } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { runPlain } from "./src/run-plain.cjs";

console.log(await runPlain(process.env.WAY, { completions, Context, defineTool, OpenAI }, { ScriptedModelServer }));
