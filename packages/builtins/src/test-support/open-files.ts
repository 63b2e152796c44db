import { existsSync, readdirSync, readlinkSync } from "node:fs";

/** The paths under `dir` this process holds open (Linux lists them in /proc/self/fd; elsewhere none are seen). */
export function openUnder(dir: string): string[] {
  if (!existsSync("/proc/self/fd")) return [];
  return readdirSync("/proc/self/fd")
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "";
      }
    })
    .filter((target) => target === dir || target.startsWith(`${dir}/`));
}
