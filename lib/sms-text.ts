import { stripVietnameseDiacritics } from "./vietnamese";

// What one SMS can carry. A message in the GSM 7-bit alphabet (IsUnicode 0) holds 160 characters a
// segment; anything else goes as UCS-2 (IsUnicode 1), 70 UTF-16 units. A code must arrive in one.

/** GSM 03.38's basic alphabet: one septet each. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** Its extension table: an escape plus the character, two septets each. */
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

export const GSM_SEGMENT = 160;
export const UCS2_SEGMENT = 70;

/** Septets `text` takes in the GSM alphabet, or undefined when it has a character outside it. */
export function gsm7Length(text: string): number | undefined {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) length += 1;
    else if (GSM_EXTENDED.has(char)) length += 2;
    else return undefined;
  }
  return length;
}

/** Typographic punctuation a translator may type, as the plain characters every phone shows. */
function plainPunctuation(text: string): string {
  return text
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\u00a0/g, " ");
}

export type SmsText = {
  text: string;
  /** eSMS's IsUnicode: false = the GSM alphabet (160 a segment), true = UCS-2 (70). */
  isUnicode: boolean;
  /** Septets (GSM) or UTF-16 units (UCS-2). */
  length: number;
  /** One segment's room in that encoding. */
  segment: number;
};

/**
 * The text an SMS carries: without diacritics and in the GSM alphabet when that is all it takes
 * (Vietnamese, English, Indonesian); as written, in UCS-2, when it cannot be (Thai, Burmese —
 * stripping marks would destroy those scripts, and the NFD step never touches them anyway).
 */
export function smsText(text: string): SmsText {
  const plain = stripVietnameseDiacritics(plainPunctuation(text));
  const septets = gsm7Length(plain);
  if (septets !== undefined) return { text: plain, isUnicode: false, length: septets, segment: GSM_SEGMENT };
  return { text, isUnicode: true, length: text.length, segment: UCS2_SEGMENT };
}

/**
 * A code's SMS within one segment: as is when it fits; else its sentences up to the one that holds
 * `keep` (the code), while they fit; else cut at the segment's end (a catalog's unit test keeps
 * every language's code text well inside one segment, so this is only a guard).
 */
export function oneSegment(text: string, keep: string): SmsText {
  const full = smsText(text);
  if (full.length <= full.segment) return full;
  const sentences = text.split(/(?<=[.!?\u104b\u0964\u3002])\s+/);
  let kept = "";
  for (const sentence of sentences) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    const measured = smsText(next);
    if (measured.length > measured.segment) break;
    kept = next;
    if (kept.includes(keep)) return measured;
  }
  let cut = "";
  for (const char of full.text) {
    const measured = smsText(cut + char);
    if (measured.length > measured.segment) break;
    cut += char;
  }
  return smsText(cut);
}
