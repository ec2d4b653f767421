// A real SMTP server (smtp-server) that parses what it receives (mailparser): the end-to-end peer
// (./peers.ts) and the integration tests both read mail from it.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A received mail: both parts, and the top-level content type (multipart/alternative for text + HTML). */
export type Mail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  contentType: string;
  receivedAt: string;
};

export type SmtpPeer = { port: number; mails: Mail[]; close: () => Promise<void> };

/** Listens on 127.0.0.1:`port` (0: any free port). */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const contentType = parsed.headers.get("content-type");
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html || "",
            contentType:
              typeof contentType === "object" &&
              "value" in contentType &&
              typeof contentType.value === "string"
                ? contentType.value
                : "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
