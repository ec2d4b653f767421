// Local protocol peers for end-to-end tests, run as one process beside the portal:
// a real SMTP server (smtp-server) and an HTTP side that shows what it received and plays
// a sibling product receiving callbacks.
//   SMTP  127.0.0.1:$PEER_SMTP_PORT (./smtp.ts)
//   HTTP  GET /mail?to=<email>   → messages received for that address (JSON, newest last: to,
//                                  subject, text, html, contentType, receivedAt)
//         GET /callback?...      → records the query as a product's callback page would
//         GET /callbacks         → every recorded callback query (JSON)
//         POST /sms              → the SMS webhook: records {to, text, params}; GET /sms?to= lists them
//         POST /MainService.svc/json/SendMultipleMessage_V4_post_json/
//                                → eSMS's brandname send (SMS_PROVIDER=esms): checks the fields like
//                                  tests/peers/esms.ts, answers CodeResult "100" and records
//                                  {to: Phone, text: Content, params: {code}} with the SMS above
//         POST /lead             → the lead form service: records bodies; GET /leads lists them
//         POST /identity         → who signs in at the OAuth server next (JSON Identity)
//         GET /identity          → {pending}: whether an authorization has taken it yet
//         GET /parent?src=<url>  → a sibling product's page framing `src`, collecting messages
//         GET /logout-<app>      → a product's sign-out page; GET /logouts lists the hits
//         POST /webhook/<app>    → a product's event receiver: records {signature, body}; GET /webhooks lists them
//         POST /webhook-down?app=<app>&down=1|0 → the receiver of <app> answers 503 (down=1) or works again
//         GET /zalo/v4/permission, POST /zalo/v4/access_token, GET /zalo/v2.0/me
//                                → Zalo Login v4 (tests/peers/zalo.ts startZaloLogin)
//         POST /zalo/identity    → who signs in at Zalo next (JSON ZaloIdentity)
//   OAuth 127.0.0.1:$PEER_OAUTH_PORT (Google discovery + Facebook-style endpoints)
import { createServer } from "node:http";
import { ESMS_PATH, invalidEsmsRequest } from "./esms";
import { type Identity, startOAuthPeer } from "./oauth";
import { startSmtpPeer } from "./smtp";
import { startZaloLogin, type ZaloIdentity } from "./zalo";

const smtpPort = Number(process.env.PEER_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.PEER_HTTP_PORT ?? 3311);
const oauthPort = Number(process.env.PEER_OAUTH_PORT ?? 3312);
const oauth = await startOAuthPeer(oauthPort);
/** Zalo Login's app of the end-to-end portal (playwright.config.ts E2E_ZALO_LOGIN). */
const zaloLogin = startZaloLogin({
  id: process.env.PEER_ZALO_LOGIN_APP_ID ?? "e2e-zalo-login",
  secret: process.env.PEER_ZALO_LOGIN_SECRET ?? "e2e-zalo-login-secret",
});
/** The eSMS account the end-to-end app is configured with (playwright.config.ts). */
const esmsAccount = {
  apiKey: process.env.PEER_ESMS_API_KEY ?? "e2e-esms-api-key",
  secretKey: process.env.PEER_ESMS_SECRET_KEY ?? "e2e-esms-secret-key",
  brandname: process.env.PEER_ESMS_BRANDNAME ?? "NOVA",
};
let esmsSequence = 0;

type Sms = { to: string; text: string; params: Record<string, unknown> };
const smses: Sms[] = [];
const leads: unknown[] = [];
const logouts: string[] = [];
const webhooks: { app: string; signature: string; body: string }[] = [];
/** Products whose event receiver is down (answers 503 and records nothing): the outbox retries. */
const downWebhooks = new Set<string>();

async function readJson(req: import("node:http").IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
}

/** A sibling product's page that frames the portal and keeps every message it receives. */
function parentPage(src: string): string {
  return `<!doctype html><html><head><title>Parent</title></head><body>
<h1>Sibling product</h1>
<iframe id="portal" src="${src.replace(/"/g, "&quot;")}" style="width:480px;height:720px;border:1px solid #ccc"></iframe>
<script>
window.messages = [];
window.addEventListener("message", (e) => { window.messages.push({ origin: e.origin, data: e.data }); });
</script></body></html>`;
}

const { mails } = await startSmtpPeer(smtpPort);
const callbacks: Record<string, string>[] = [];

createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://localhost:${httpPort}`);
  res.setHeader("content-type", "application/json");
  if (req.method === "POST" && url.pathname === "/zalo/identity") {
    zaloLogin.nextIdentity((await readJson(req)) as ZaloIdentity);
    res.end("{}");
  } else if (url.pathname.startsWith("/zalo/") && (await zaloLogin.handle(req, res, "/zalo"))) {
    // answered by Zalo Login
  } else if (req.method === "POST" && url.pathname === "/sms") {
    smses.push((await readJson(req)) as Sms);
    res.end("{}");
  } else if (req.method === "POST" && url.pathname === ESMS_PATH) {
    const body = (await readJson(req)) as Record<string, unknown>;
    const why = invalidEsmsRequest(body);
    const answer = (result: Record<string, unknown>) =>
      res.end(JSON.stringify({ CountRegenerate: 0, ...result }));
    if (why) {
      console.error(`esms peer: refused a request: ${why}`);
      answer({ CodeResult: "99", ErrorMessage: `Invalid request: ${why}` });
    } else if (body.ApiKey !== esmsAccount.apiKey || body.SecretKey !== esmsAccount.secretKey) {
      answer({ CodeResult: "101", ErrorMessage: "Authorize Failed" });
    } else if (body.Brandname !== esmsAccount.brandname) {
      answer({ CodeResult: "104", ErrorMessage: "Brand name code is not exist" });
    } else {
      const text = String(body.Content);
      // The code as a person reads it in the SMS: the 6 digits in the text.
      smses.push({ to: String(body.Phone), text, params: { code: /\b(\d{6})\b/.exec(text)?.[1] ?? "" } });
      esmsSequence += 1;
      answer({ CodeResult: "100", SMSID: `e2e-sms-${esmsSequence}` });
    }
  } else if (url.pathname === "/sms") {
    const to = url.searchParams.get("to") ?? "";
    res.end(JSON.stringify(smses.filter((m) => m.to === to)));
  } else if (req.method === "POST" && url.pathname === "/lead") {
    leads.push(await readJson(req));
    res.end("{}");
  } else if (url.pathname === "/leads") {
    res.end(JSON.stringify(leads));
  } else if (req.method === "POST" && url.pathname === "/identity") {
    oauth.nextIdentity((await readJson(req)) as Identity);
    res.end("{}");
  } else if (url.pathname === "/identity") {
    res.end(JSON.stringify({ pending: oauth.identityPending() }));
  } else if (url.pathname.startsWith("/logout-")) {
    logouts.push(url.pathname);
    res.setHeader("content-type", "text/html");
    res.end("<!doctype html><title>Signed out</title>");
  } else if (req.method === "POST" && url.pathname === "/webhook-down") {
    const app = url.searchParams.get("app") ?? "";
    if (url.searchParams.get("down") === "1") downWebhooks.add(app);
    else downWebhooks.delete(app);
    res.end("{}");
  } else if (
    req.method === "POST" &&
    url.pathname.startsWith("/webhook/") &&
    downWebhooks.has(url.pathname.slice("/webhook/".length))
  ) {
    for await (const _ of req);
    res.statusCode = 503;
    res.end("{}");
  } else if (req.method === "POST" && url.pathname.startsWith("/webhook/")) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    webhooks.push({
      app: url.pathname.slice("/webhook/".length),
      signature: String(req.headers["x-portal-signature"] ?? ""),
      body: Buffer.concat(chunks).toString("utf8"),
    });
    res.end("{}");
  } else if (url.pathname === "/webhooks") {
    res.end(JSON.stringify(webhooks));
  } else if (url.pathname === "/logouts") {
    res.end(JSON.stringify(logouts));
  } else if (url.pathname === "/parent") {
    res.setHeader("content-type", "text/html");
    res.end(parentPage(url.searchParams.get("src") ?? ""));
  } else if (url.pathname === "/mail") {
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
