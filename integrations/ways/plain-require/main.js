// Plain CommonJS, no build: the packages' named exports loaded by `require`.
const { completions, Context, defineTool, OpenAI } = require("@tooltype/core");
const { ScriptedModelServer } = require("@tooltype/testing");
const { runPlain } = require("./src/run-plain.cjs");

runPlain(process.env.WAY, { completions, Context, defineTool, OpenAI }, { ScriptedModelServer }).then(
  (line) => console.log(line),
  (error) => {
    console.error(`integration failed: ${error.message}`);
    process.exitCode = 1;
  },
);
