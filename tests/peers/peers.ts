// Local protocol peers for end-to-end tests, run as one process beside the portal:
// a real SMTP server (smtp-server) and an HTTP side that shows what it received and plays
// a sibling product receiving callbacks.
//   SMTP  127.0.0.1:$PEER_SMTP_PORT
//   HTTP  GET /mail?to=<email>   → messages received for that address (JSON, newest last)
//         GET /callback?...      → records the query as a product's callback page would
//         GET /callbacks         → every recorded callback query (JSON)
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.PEER_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.PEER_HTTP_PORT ?? 3311);

type Mail = { to: string[]; subject: string; text: string; receivedAt: string };
const mails: Mail[] = [];
const callbacks: Record<string, string>[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, "127.0.0.1");

createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://localhost:${httpPort}`);
  res.setHeader("content-type", "application/json");
  if (url.pathname === "/mail") {
    const to = (url.searchParams.get("to") ?? "").toLowerCase();
    res.end(JSON.stringify(mails.filter((m) => m.to.includes(to))));
  } else if (url.pathname === "/callback") {
    callbacks.push(Object.fromEntries(url.searchParams));
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Product</title><h1>Product home</h1>");
  } else if (url.pathname === "/callbacks") {
    res.end(JSON.stringify(callbacks));
  } else if (url.pathname === "/health") {
    res.end("{}");
  } else {
    res.statusCode = 404;
    res.end("{}");
  }
}).listen(httpPort, "127.0.0.1");
