// `@tooltype/transformer/sidecar`: the sidecar generator behind `tooltype generate`, for scripts and tools.
export { generateSidecar, writeSidecar } from "./generate.js";
export type { GenerateOptions, GenerateResult } from "./generate.js";
export { watchSidecar } from "./watch.js";
export type { SidecarWatcher } from "./watch.js";
export { loadProject } from "./load-project.js";
export type { LoadedProject } from "./load-project.js";
export { renderSidecar } from "./render-sidecar.js";
export type { SidecarEntry, SidecarOutput, RenderOptions } from "./render-sidecar.js";
export { SidecarDiagnosticCode } from "./generate-diagnostic.js";
