// What a delivery sends, whatever the channel and vendor: the shape the senders (send.ts, the
// eSMS and Zalo adapters) share, kept apart so the adapters need nothing from the dispatcher.

export type Channel = "EMAIL" | "SMS" | "ZNS";

/** Every kind of message the portal sends; an email of each kind has its HTML body (./email/bodies.tsx). */
export const MESSAGE_TEMPLATES = [
  "otp",
  "verify_email",
  "reset_password",
  "new_device",
  "operator_second_factor",
  "signup_attempt",
  "data_export_ready",
] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

export type OutgoingMessage = {
  channel: Channel;
  /** Email address or phone number. */
  to: string;
  lang: string;
  subject: string;
  text: string;
  /** The kind of message and its values: ZNS templates and the HTML email are rendered from them. */
  template: MessageTemplate;
  params: Record<string, string | number>;
};
