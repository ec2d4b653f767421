import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * Issue 18: a SIGTERM must not reset requests in flight. The listener keeps serving for `drainMs`
 * while /readyz says 503 (a balancer that checks it stops sending); then it stops accepting, and
 * from then on every answer says `connection: close`. It waits for every accepted request to finish
 * and every connection to end within `graceMs`, and only then closes what is left.
 *
 * Issue 35, finding 7 (nginx, which does not check /readyz, keeps sending to the end): the only
 * resets left were connections the kernel had accepted but node had not when the listener closed.
 * Keep-alive goes on during the drain, so a proxy reuses its pooled connections instead of opening
 * one per request (with `connection: close` from the signal on, ~100 a second, one or two of which
 * sat in the accept queue at the close); a refused connection after the close is one nginx safely
 * sends to the other replica, even a POST. Idle connections are never closed by the portal before
 * the bound: their client closes them (nginx after its shorter keep-alive time-out) or node's own
 * keep-alive time-out does.
 */
export type Drain = {
  /** Wraps the request handler: counts requests in flight, asks clients to close once the listener is. */
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
  let closing = false;
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
    if (closing) res.setHeader("connection", "close");
    handler(req, res);
  };

  const stop = () => {
    if (done) return done;
    stopping = true;
    done = (async () => {
      await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      // Stop accepting, but leave open connections alone: http.Server#close would also close every
      // connection it sees as idle, among them one a proxy has just sent a request on that is not
      // read yet — a reset after the request left, which nginx never retries for a POST. Each
      // connection ends by itself instead: after its next answer (`connection: close`), or idle at
      // its client's keep-alive time-out or node's.
      closing = true;
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const allAnswered = new Promise<void>((resolve) => {
        if (inFlight === 0) resolve();
        else idle = resolve;
      });
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.graceMs);
      });
      await Promise.race([allAnswered, bound]);
      // Every accepted request is answered: wait for the connections to end by themselves, then
      // close whatever the grace bound left.
      await Promise.race([closed, bound]);
      server.closeAllConnections();
      clearTimeout(timer);
    })();
    return done;
  };

  return { track, isStopping: () => stopping, stop };
}
