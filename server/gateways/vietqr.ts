// VietQR: the NAPAS 247 bank-transfer QR, an EMVCo merchant-presented payload (EMV QRCPS-MPM
// v1.1 data objects; NAPAS "VietQR" specification for the consumer account template in ID 38).
// Any Vietnamese banking app that scans it fills in bank, account, amount and transfer content.
import { toPlainAscii } from "./shared";

/** NAPAS's globally unique identifier (AID) for VietQR account transfers. */
export const VIETQR_GUID = "A000000727";
/** Service code for "transfer to an account" (as opposed to QRIBFTTC, to a card). */
export const VIETQR_ACCOUNT_SERVICE = "QRIBFTTA";
export const VIETQR_CONTENT_MAX = 25;

/** One EMVCo data object: two-digit ID, two-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the checksum EMVCo puts in ID 63. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Transfer content as every bank carries it: plain ASCII letters, digits and spaces. Throws
 * rather than cut when longer than 25, because the content is how a transfer is matched.
 */
export function vietQrContent(text: string): string {
  const content = toPlainAscii(text);
  if (content.length > VIETQR_CONTENT_MAX) {
    throw new RangeError(`VietQR content is longer than ${VIETQR_CONTENT_MAX} characters`);
  }
  return content;
}

export type VietQrOptions = {
  /** The bank's 6-digit NAPAS BIN, e.g. 970436 for Vietcombank. */
  bankBin: string;
  accountNo: string;
  /** With an amount the code is dynamic (01 = "12"); without, static ("11"). */
  amountVnd?: number;
  content?: string;
};

/** The EMVCo payload string to draw as a QR code. */
export function buildVietQrPayload(opts: VietQrOptions): string {
  if (!/^\d{6}$/.test(opts.bankBin)) throw new RangeError("VietQR bank BIN must be 6 digits");
  // NAPAS account numbers are up to 19 characters; wallets' virtual accounts carry letters.
  if (!/^[A-Za-z0-9]{1,19}$/.test(opts.accountNo)) {
    throw new RangeError("VietQR account number must be 1–19 ASCII letters or digits");
  }
  const hasAmount = opts.amountVnd !== undefined;
  if (hasAmount) {
    const amount = opts.amountVnd as number;
    // ID 54 holds at most 13 characters; VND has no minor unit, so a whole number.
    if (!Number.isSafeInteger(amount) || amount <= 0 || String(amount).length > 13) {
      throw new RangeError("VietQR amount must be a positive whole number of VND");
    }
  }
  const content = opts.content === undefined ? "" : vietQrContent(opts.content);

  const account = tlv("00", opts.bankBin) + tlv("01", opts.accountNo);
  let payload =
    tlv("00", "01") +
    tlv("01", hasAmount ? "12" : "11") +
    tlv("38", tlv("00", VIETQR_GUID) + tlv("01", account) + tlv("02", VIETQR_ACCOUNT_SERVICE)) +
    tlv("53", "704") +
    (hasAmount ? tlv("54", String(opts.amountVnd)) : "") +
    tlv("58", "VN") +
    // ID 62 sub-field 08 is "purpose of transaction", which banks show as the transfer content.
    (content ? tlv("62", tlv("08", content)) : "");
  payload += "6304";
  return payload + crc16Ccitt(payload);
}
