import "server-only";

/** The vendors that take a request id and report deliveries: their messages have an outbox row from the first try. */
export type Vendor = "esms" | "zalo";

/** What a vendor answered when it took a message. */
export type Receipt = {
  /** The adapter that sent it: a vendor, or smtp | webhook | outbox. */
  vendor: string;
  /** The vendor's id of the message (eSMS SMSID, Zalo msg_id). */
  vendorMessageId?: string;
  /** Anything worth keeping about the answer (eSMS: "accepted earlier" for a duplicate RequestId). */
  detail?: string;
};

/**
 * A vendor refused or failed a message. `permanent`: sending the same message again cannot
 * succeed (wrong key, unregistered brandname, invalid number, no Zalo account, refused template,
 * revoked OA): the outbox gives it up (a ZNS goes by SMS instead) rather than retrying. Its text
 * carries the vendor's code and words, never the message.
 */
export class DeliveryError extends Error {
  readonly vendor: string;
  readonly vendorCode: string;
  readonly permanent: boolean;

  constructor(options: { vendor: string; vendorCode: string; permanent: boolean; detail?: string }) {
    const detail = options.detail ? `: ${options.detail.slice(0, 200)}` : "";
    super(`${options.vendor} ${options.vendorCode}${detail}`);
    this.name = "DeliveryError";
    this.vendor = options.vendor;
    this.vendorCode = options.vendorCode;
    this.permanent = options.permanent;
  }
}

export const isPermanent = (error: unknown): error is DeliveryError =>
  error instanceof DeliveryError && error.permanent;
