import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * Issue 18: a SIGTERM must not reset requests in flight. The listener keeps serving for
 * `drainMs` while /readyz says 503 (a load balancer stops sending) and every answer says
 * `connection: close` (keep-alive clients reconnect elsewhere); then it stops accepting, waits
 * for every accepted request to finish within `graceMs`, and only then closes what is left.
 * Closing idle connections at once would close sockets whose request arrived but was not read yet.
 */
export type Drain = {
  /** Wraps the request handler: counts requests in flight, asks clients to close while draining. */
  track: (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ) => (req: IncomingMessage, res: ServerResponse) => void;
  /** True from the signal on. */
  isStopping: () => boolean;
  /** Starts the drain; resolves when the server is closed (or the grace bound passed). */
  stop: () => Promise<void>;
};

export function createDrain(server: Server, options: { drainMs: number; graceMs: number }): Drain {
  let stopping = false;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  let done: Promise<void> | undefined;

  const track: Drain["track"] = (handler) => (req, res) => {
    inFlight += 1;
    let counted = true;
    const finished = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    };
    res.once("finish", finished);
    res.once("close", finished);
    if (stopping) res.setHeader("connection", "close");
    handler(req, res);
  };

  const stop = () => {
    if (done) return done;
    stopping = true;
    done = (async () => {
      await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const allAnswered = new Promise<void>((resolve) => {
        if (inFlight === 0) resolve();
        else idle = resolve;
      });
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.graceMs);
      });
      await Promise.race([allAnswered, bound]);
      // Every accepted request is answered (or the bound passed): what is left is idle.
      server.closeAllConnections();
      await Promise.race([closed, bound]);
      clearTimeout(timer);
    })();
    return done;
  };

  return { track, isStopping: () => stopping, stop };
}
