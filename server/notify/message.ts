// What a delivery sends, whatever the channel and vendor: the shape the senders (send.ts, the
// eSMS and Zalo adapters) share, kept apart so the adapters need nothing from the dispatcher.

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
