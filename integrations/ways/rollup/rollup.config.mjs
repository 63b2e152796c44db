import typescript from "@rollup/plugin-typescript";
import { tooltypePlugin } from "@tooltype/transformer/bundler";

export default {
  input: "src/main.ts",
  output: { file: "dist/main.js", format: "esm" },
  external: [/^@tooltype\//],
  plugins: [tooltypePlugin.rollup(), typescript()],
};
