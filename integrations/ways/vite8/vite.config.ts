import { defineConfig } from "vite";
import { tooltypePlugin } from "@tooltype/transformer/bundler";

// A Node.js app built with Vite: an SSR build of src/main.ts (dependencies stay external).
export default defineConfig({
  plugins: [tooltypePlugin.vite()],
  build: { ssr: "src/main.ts", outDir: "dist" },
});
