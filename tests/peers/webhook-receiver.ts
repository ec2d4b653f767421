// A product's (or an SMS provider's) webhook on a random local port: records every request and
// answers what the test scripts (a status per request, an optional delay).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string; at: Date };

export type Receiver = {
  /** Base URL of the receiver, e.g. http://127.0.0.1:43123 */
  origin: string;
  /** `${origin}/hook` */
  url: string;
  requests: ReceivedRequest[];
  /** What to answer the n-th request (0-based); 200 by default. */
  answer: (request: ReceivedRequest, index: number) => number | Promise<number>;
  close: () => Promise<void>;
};

export async function startReceiver(
  answer: Receiver["answer"] = () => 200,
  options: { delayMs?: number } = {},
): Promise<Receiver> {
  const receiver = { requests: [] as ReceivedRequest[], answer } as Receiver;
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", async () => {
      const request: ReceivedRequest = { path: req.url ?? "", headers: req.headers, body, at: new Date() };
      const index = receiver.requests.push(request) - 1;
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      res.statusCode = await receiver.answer(request, index);
      res.setHeader("content-type", "application/json");
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.origin = `http://127.0.0.1:${port}`;
  receiver.url = `${receiver.origin}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
