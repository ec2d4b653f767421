import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";

export type Channel = "EMAIL" | "SMS" | "ZNS";

export type OutgoingMessage = {
  channel: Channel;
  /** Email address or phone number. */
  to: string;
  lang: string;
  subject: string;
  text: string;
  /** Template name and its values, for providers that render their own templates (ZNS). */
  template: string;
  params: Record<string, string | number>;
};

export type OutboxEntry = OutgoingMessage & { id: string; createdAt: string };

export const outboxDir = (): string => path.resolve(env().DATA_DIR, "outbox");

const globalForMail = globalThis as unknown as { __portalMailer?: Transporter };

function mailer(url: string): Transporter {
  globalForMail.__portalMailer ??= nodemailer.createTransport(url);
  return globalForMail.__portalMailer;
}

async function toOutbox(message: OutgoingMessage): Promise<void> {
  const entry: OutboxEntry = { ...message, id: newId(), createdAt: new Date().toISOString() };
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${entry.id}.json`), JSON.stringify(entry, null, 2));
  // Development only: the outbox is where a newcomer reads the code.
  logger.info({ outbox: entry.id, channel: message.channel, to: message.to }, `outbox: ${message.subject}`);
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

/** Sends one message through the adapter configured for its channel (DESIGN §5); throws when it fails. */
export async function sendMessage(message: OutgoingMessage): Promise<void> {
  const config = env();
  if (message.channel === "EMAIL") {
    if (!config.SMTP_URL) return await toOutbox(message);
    await mailer(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    return;
  }
  const provider = message.channel === "SMS" ? config.SMS_PROVIDER : config.ZNS_PROVIDER;
  const url = message.channel === "SMS" ? config.SMS_WEBHOOK_URL : config.ZNS_WEBHOOK_URL;
  if (provider === "webhook" && url) return await toWebhook(url, message);
  if (provider === "webhook") throw new Error(`${message.channel}_WEBHOOK_URL is not set`);
  await toOutbox(message);
}
