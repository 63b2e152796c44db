// The wiring every bench model server shares: it runs in its own process (so its CPU is never
// counted against a client), sends { url } to the parent over IPC and answers until told "close".
import { ScriptedModelServer } from "@tooltype/testing";

/**
 * Starts a scripted model server answering each request with `answer(request)` and forgetting the
 * request afterwards (a long run would otherwise keep every body), then reports its url.
 */
export async function serveInChild(answer) {
  const server = await ScriptedModelServer.start();
  const install = () =>
    server.onRequest((request) => {
      const turn = answer(request);
      // reset() also drops this handler, so it is installed again.
      queueMicrotask(() => {
        server.reset();
        install();
      });
      return turn;
    });
  install();
  process.send({ url: server.url });
  process.on("message", async (message) => {
    if (message === "close") {
      await server.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
}
