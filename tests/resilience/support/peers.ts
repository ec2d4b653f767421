// Local protocol peers the built portal talks to: a product's event receiver that can be told to
// fail or be shut, and a real SMTP server (smtp-server) that can be stopped and started again.
import { createServer, type Server } from "node:http";
import { SMTPServer } from "smtp-server";

export type Receiver = {
  url: string;
  /** Event ids received with a 2xx answer, in order. */
  delivered: string[];
  /** POSTs refused while failing. */
  refused: number;
  /** Answer 503 to every POST while true. */
  failing: boolean;
  close: () => Promise<void>;
  /** Listens again on the same port after close(). */
  reopen: () => Promise<void>;
};

export async function startReceiver(port = 0): Promise<Receiver> {
  let server: Server | undefined;
  const receiver: Receiver = {
    url: "",
    delivered: [],
    refused: 0,
    failing: false,
    close: async () => {
      const current = server;
      server = undefined;
      if (!current) return;
      current.closeAllConnections();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    reopen: async () => {
      await listen(Number(new URL(receiver.url).port));
    },
  };
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          if (receiver.failing) {
            receiver.refused += 1;
            res.statusCode = 503;
            res.end("down");
            return;
          }
          try {
            const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: string };
            if (event.id) receiver.delivered.push(event.id);
          } catch {
            // not an event
          }
          res.end("ok");
        });
      });
      s.once("error", reject);
      s.listen(at, "127.0.0.1", () => {
        server = s;
        const address = s.address();
        const p = typeof address === "object" && address ? address.port : at;
        receiver.url = `http://127.0.0.1:${p}/webhook`;
        resolve();
      });
    });
  await listen(port);
  return receiver;
}

export type Smtp = {
  port: number;
  /** Recipients of every message received. */
  received: string[];
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

export async function startSmtp(port: number): Promise<Smtp> {
  let server: SMTPServer | undefined;
  const smtp: Smtp = {
    port,
    received: [],
    start: async () => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          stream.on("data", () => undefined);
          stream.on("end", () => {
            for (const r of session.envelope.rcptTo) smtp.received.push(r.address.toLowerCase());
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, "127.0.0.1", () => resolve());
      });
      server = s;
    },
    stop: async () => {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await smtp.start();
  return smtp;
}
