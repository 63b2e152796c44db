import type { ToolPolicy, ToolRegistry } from "@tooltype/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { answerToolCall, runnerFor, type CallAnswerSettings } from "./answer-tool-call.js";
import { watchRegistry, type StopWatching } from "./list-change-watcher.js";
import { toMcpTool } from "./mcp-tool-listing.js";
import { pageOf } from "./tool-list-pages.js";

/** Options of `serveMcp`. */
export interface ServeMcpOptions extends CallAnswerSettings {
  /**
   * Decides every call, as in a completion: deny wins, then allow, then the evaluator. A call the
   * policy leaves Pending (or undecided, `None`) is answered with an error saying approval is
   * needed; `new ToolPolicy().allow("*")` runs everything.
   */
  policy: ToolPolicy;
  /** The server's name in the MCP handshake (default `"tooltype"`). */
  name?: string;
  /** The server's version in the MCP handshake (default `"0.1.0"`). */
  version?: string;
  /** Told to clients in the handshake: how to use these tools. */
  instructions?: string;
  /** Tools per `tools/list` page (default: all in one page). */
  pageSize?: number;
  /**
   * How often (ms) to look for registry changes and send `notifications/tools/list_changed`
   * (default 1000; 0 turns it off, `notifyToolsChanged()` still works).
   */
  watchIntervalMs?: number;
}

/** A running MCP server over one transport. */
export interface McpToolServer {
  /** The SDK's low-level server, already connected (e.g. to send logging notifications). */
  readonly server: Server;
  /** Tells the client the tool list changed (the watcher does this by itself, unless turned off). */
  notifyToolsChanged(): Promise<void>;
  /** Stops watching the registry and closes the transport. */
  close(): Promise<void>;
}

function checkOptions(registry: ToolRegistry, options: ServeMcpOptions): void {
  if (typeof options?.policy?.evaluate !== "function") {
    throw new TypeError(
      'serveMcp needs { policy }: a ToolPolicy that decides which calls may run (new ToolPolicy().allow("*") runs everything).',
    );
  }
  if (options.hooks !== undefined && typeof options.hooks !== "function")
    throw new TypeError("serveMcp: hooks must be a function that returns the hooks of one call (telemetry.hooks).");
  runnerFor(registry, options); // checks the limits and the timeout now, not at the first call
  const { pageSize, watchIntervalMs } = options;
  if (pageSize !== undefined && !(Number.isInteger(pageSize) && pageSize > 0)) {
    throw new RangeError(`serveMcp: pageSize must be a positive integer, not ${String(pageSize)}.`);
  }
  if (watchIntervalMs !== undefined && !(Number.isFinite(watchIntervalMs) && watchIntervalMs >= 0)) {
    throw new RangeError(
      `serveMcp: watchIntervalMs must be 0 (off) or a positive number of milliseconds, not ${String(watchIntervalMs)}.`,
    );
  }
}

/**
 * Serves the tools of `registry` over MCP on `transport` (a `StdioServerTransport`, a
 * Streamable HTTP transport, …). `tools/list` reads the registry at request time, so tools added
 * later are offered (and announced with `notifications/tools/list_changed`); `tools/call` goes
 * through the call runner a completion uses (`CallRunner`): it checks the arguments, asks
 * `options.policy`, and runs the tool only when it is Allowed, under the same limits and hooks.
 * Resolves once the transport is connected.
 */
export async function serveMcp(
  registry: ToolRegistry,
  transport: Transport,
  options: ServeMcpOptions,
): Promise<McpToolServer> {
  checkOptions(registry, options);
  const server = new Server(
    { name: options.name ?? "tooltype", version: options.version ?? "0.1.0" },
    {
      capabilities: { tools: { listChanged: true } },
      ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    },
  );
  const settings: CallAnswerSettings = {
    policy: options.policy,
    toolContext: options.toolContext,
    timeoutMs: options.timeoutMs,
    maxToolInput: options.maxToolInput,
    maxDepth: options.maxDepth,
    maxToolOutput: options.maxToolOutput,
    repair: options.repair,
    hooks: options.hooks,
  };

  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const page = pageOf(registry.list(), request.params?.cursor, options.pageSize);
    return {
      tools: page.items.map(toMcpTool),
      ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    answerToolCall(
      registry,
      {
        name: request.params.name,
        arguments: request.params.arguments,
        requestId: extra.requestId,
        signal: extra.signal,
      },
      settings,
    ),
  );

  let initialized = false;
  server.oninitialized = () => {
    initialized = true;
  };
  const notifyToolsChanged = async (): Promise<void> => {
    // Before the handshake there is nobody to tell: the client lists the tools afterwards anyway.
    if (initialized) await server.sendToolListChanged();
  };
  const interval = options.watchIntervalMs ?? 1000;
  let stop: StopWatching = () => undefined;
  if (interval > 0) {
    stop = watchRegistry(registry, interval, () => {
      notifyToolsChanged().catch(() => undefined); // a closed transport: nothing to tell
    });
  }
  const previousOnClose = server.onclose;
  server.onclose = () => {
    stop();
    previousOnClose?.();
  };

  try {
    await server.connect(transport);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    server,
    notifyToolsChanged,
    async close() {
      stop();
      await server.close();
    },
  };
}
