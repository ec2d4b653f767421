import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { type Env, env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { maskContact } from "@/lib/log-scrub";
import { logger } from "@/lib/logger";
import { type Db, getDb } from "@/server/db/client";
import type { Receipt, Vendor } from "./delivery-error";
import { sendEsms } from "./esms";
import type { Channel, OutgoingMessage } from "./message";
import { sendZns } from "./zalo";

export type { Channel, OutgoingMessage } from "./message";

/** A message the file outbox kept; an email's HTML part beside its text. */
export type OutboxEntry = OutgoingMessage & { id: string; createdAt: string; html?: string };

export const outboxDir = (): string => path.resolve(env().DATA_DIR, "outbox");

const globalForMail = globalThis as unknown as { __portalMailer?: { url: string; transport: Transporter } };

/** One transport per process, made again only when SMTP_URL changes (tests point it at their own peer). */
function mailer(url: string): Transporter {
  if (globalForMail.__portalMailer?.url !== url)
    globalForMail.__portalMailer = { url, transport: nodemailer.createTransport(url) };
  return globalForMail.__portalMailer.transport;
}

/**
 * An email's HTML part (./email/render.tsx). Loaded on the first email: react-dom's server renderer
 * and the email components stay out of a process that sends none.
 */
async function emailHtml(message: OutgoingMessage): Promise<string> {
  const { renderEmailHtml } = await import("./email/render");
  return renderEmailHtml(message);
}

async function toOutbox(message: OutgoingMessage): Promise<void> {
  const entry: OutboxEntry = {
    ...message,
    id: newId(),
    createdAt: new Date().toISOString(),
    ...(message.channel === "EMAIL" ? { html: await emailHtml(message) } : {}),
  };
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${entry.id}.json`), JSON.stringify(entry, null, 2));
  // The file holds the message; the log only says one was written (its subject and text may hold
  // a code or a link, and the log is read by more people than DATA_DIR).
  logger.info(
    { outbox: entry.id, channel: message.channel, template: message.template, to: maskContact(message.to) },
    "message written to the outbox",
  );
}

async function toWebhook(url: string, message: OutgoingMessage): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      channel: message.channel,
      to: message.to,
      lang: message.lang,
      text: message.text,
      template: message.template,
      params: message.params,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

/** The adapter a channel goes through: SMTP or the file outbox for email, the configured provider otherwise. */
export type Provider = "smtp" | "outbox" | "webhook" | Vendor;

export function providerOf(channel: Channel, config: Env = env()): Provider {
  if (channel === "EMAIL") return config.SMTP_URL ? "smtp" : "outbox";
  return channel === "SMS" ? config.SMS_PROVIDER : config.ZNS_PROVIDER;
}

/** A ZNS refused for good goes by SMS when SMS really leaves the machine (a provider other than the file outbox). */
export const canRerouteToSms = (config: Pick<Env, "SMS_PROVIDER">): boolean =>
  config.SMS_PROVIDER !== "outbox";

/** eSMS and Zalo take a request id and report deliveries: their messages get an outbox row before the first try. */
export const isVendor = (provider: Provider): provider is Vendor =>
  provider === "esms" || provider === "zalo";

/**
 * Sends one message through the adapter configured for its channel (DESIGN §5); throws when it
 * fails (a vendor's refusal as a DeliveryError saying whether a retry can help). `id` is the
 * message's outbox row id, a vendor's RequestId / tracking_id; `db` is where the Zalo token pair is.
 */
export async function sendMessage(
  message: OutgoingMessage,
  options: { id?: string; db?: Db } = {},
): Promise<Receipt> {
  const config = env();
  const provider = providerOf(message.channel, config);
  if (provider === "smtp" && config.SMTP_URL) {
    await mailer(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      // multipart/alternative: clients that show no HTML (and screen readers set so) read the text.
      text: message.text,
      html: await emailHtml(message),
    });
    return { vendor: provider };
  }
  if (provider === "esms") return sendEsms(config, message, options.id ?? `msg_${newId()}`);
  if (provider === "zalo")
    return sendZns(options.db ?? (await getDb()), config, message, options.id ?? `msg_${newId()}`);
  if (provider === "webhook") {
    const url = message.channel === "SMS" ? config.SMS_WEBHOOK_URL : config.ZNS_WEBHOOK_URL;
    if (!url) throw new Error(`${message.channel}_WEBHOOK_URL is not set`);
    await toWebhook(url, message);
    return { vendor: provider };
  }
  await toOutbox(message);
  return { vendor: "outbox" };
}
