import type * as ts from "typescript";
import type { TypeScript } from "./engine/types.js";

// tsc prints every diagnostic as `TS<code>`, and under ts-patch ours are printed by tsc. The plugin
// remembers each of its diagnostics and rewrites that line's prefix to `TT` as tsc writes it, so
// `tspc` shows the same `TT9206` as `tooltype build`. Lines of the compiler's own are left alone.
const wrapped = new WeakSet<object>();
const pending = new Map<string, number>();

/** Makes tsc (the `sys` of `tsm`) print `diagnostic` with the `TT` prefix instead of `TS`. */
export function printWithTooltypePrefix(tsm: TypeScript, diagnostic: ts.Diagnostic): void {
  pending.set(tsm.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n")[0]!, diagnostic.code);
  const sys = tsm.sys as ts.System | undefined;
  if (!sys || wrapped.has(sys)) return;
  wrapped.add(sys);
  const write = sys.write.bind(sys);
  sys.write = (text: string) => write(withTooltypePrefix(text));
}

/** `text` with `TS<code>` turned into `TT<code>` when it carries one of the remembered messages. */
export function withTooltypePrefix(text: string): string {
  for (const [message, code] of pending) {
    if (!text.includes(message)) continue;
    // Pretty output colours the code: `\x1b[90m TS9206: \x1b[0m`; plain output is ` TS9206: `.
    return text.replace(new RegExp(`\\bTS${code}(?=:)`), `TT${code}`);
  }
  return text;
}
