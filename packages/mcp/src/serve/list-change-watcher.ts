import type { ToolRegistry } from "@tooltype/core";

/** Stops a watcher. */
export type StopWatching = () => void;

/**
 * Calls `changed` whenever `registry.version` moves (a tool added, removed, replaced or
 * redescribed), checking every `intervalMs`. The registry has no change events, and reading its
 * version is cheap, so a slow poll is the simplest honest signal. The timer never keeps the
 * process alive.
 */
export function watchRegistry(registry: ToolRegistry, intervalMs: number, changed: () => void): StopWatching {
  let seen = registry.version;
  const timer = setInterval(() => {
    const version = registry.version;
    if (version === seen) return;
    seen = version;
    changed();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
