// Servers sometimes echo the credential they were sent ("Incorrect API key provided: sk-…"). What
// they say reaches error messages, so every error leaving the transport has the configured
// secrets, and anything shaped like a bearer token or an API key, replaced first.

/** Headers whose values are credentials. */
const secretHeaders = new Set(["authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key"]);

/** Query parameters whose values are credentials (Azure's `api-key`, Gemini's `key`). */
const secretQueryName = /key|token|secret|signature|sig$/i;

/** Secrets shorter than this are not searched for: replacing a two-letter key would mangle the text. */
const minimumSecretLength = 4;

/** Credential shapes replaced wherever they appear, configured or not. */
const tokenShapes: ReadonlyArray<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]"],
  [/\bsk-[A-Za-z0-9_-]{8,}/g, "sk-[redacted]"],
  [/\bAIza[A-Za-z0-9_-]{30,}/g, "AIza[redacted]"],
];

/** The credential values among `headers` and the query of `path` (a scheme word like `Bearer` dropped). */
export function secretsOf(headers: Record<string, string>, query = ""): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!secretHeaders.has(name.toLowerCase())) continue;
    secrets.push(value);
    const token = /^(Bearer|Basic)\s+(.+)$/i.exec(value)?.[2];
    if (token !== undefined) secrets.push(token);
  }
  for (const [name, value] of new URLSearchParams(query)) if (secretQueryName.test(name)) secrets.push(value);
  // Longest first, so a token inside its own header value is replaced whole.
  return secrets.filter((secret) => secret.length >= minimumSecretLength).sort((a, b) => b.length - a.length);
}

/** `text` with every secret and every token shape replaced by `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("[redacted]");
  for (const [shape, replacement] of tokenShapes) out = out.replace(shape, replacement);
  return out;
}

/**
 * Redacts an error's message and stack in place (both are what loggers and `util.inspect` show),
 * and those of its causes: a failure wrapped after parts of a stream arrived keeps the server's
 * own error as its cause.
 */
export function redactError(error: unknown, secrets: readonly string[]): void {
  // A bounded walk: a cause chain may loop back on itself.
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    const message = redact(current.message, secrets);
    if (message !== current.message) current.message = message;
    if (typeof current.stack === "string") {
      const stack = redact(current.stack, secrets);
      if (stack !== current.stack) current.stack = stack;
    }
  }
}
