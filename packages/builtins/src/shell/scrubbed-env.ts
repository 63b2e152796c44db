import { isAbsolute } from "node:path";

/**
 * The environment a command gets: only the variables named in `inherit` (taken from this
 * process) and `extra`. `PATH` keeps only absolute directories, so no directory the model can
 * write to (such as "." or the root) can shadow an allowed program.
 */
export function scrubbedEnv(
  inherit: readonly string[],
  extra: Readonly<Record<string, string>>,
  source: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of inherit) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, extra);
  if (env.PATH !== undefined) env.PATH = absolutePath(env.PATH);
  return env;
}

/** A PATH with its empty and relative entries removed. */
export function absolutePath(path: string): string {
  return path
    .split(":")
    .filter((dir) => dir !== "" && isAbsolute(dir))
    .join(":");
}
