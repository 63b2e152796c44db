// `@tooltype/transformer/sidecar`: the sidecar generator behind `tooltype generate`, for scripts and tools.
export { generateSidecar, writeSidecar } from "./generate.js";
export type { GenerateOptions, GenerateResult } from "./generate.js";
export { watchSidecar } from "./watch.js";
export type { SidecarWatcher } from "./watch.js";
export type { LoadedProject } from "./load-project.js";
export type { SidecarEntry, SidecarOutput } from "./render-sidecar.js";
