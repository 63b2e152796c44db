import { build } from "esbuild";
import { tooltypePlugin } from "@tooltype/transformer/bundler";

await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  platform: "node",
  outfile: "dist/main.js",
  plugins: [tooltypePlugin.esbuild({ tsconfig: "tsconfig.json" })],
});
