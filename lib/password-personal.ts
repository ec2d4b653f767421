// The check beside the one rule of lib/password-rule.ts: a new password may not be made of the
// person's own details (email or its local part, name, phone), which are the first guesses of
// anyone who knows them. A leaf of its own, so /signin (which imports password-rule.ts) never
// carries it; the sign-up schema and server/auth/new-password.ts use the same function.

/** Catalog keys of the checks beyond the rule: why a new password is refused, and what is better. */
export const PASSWORD_CHECK_KEYS = {
  personal: "passwordCheck.personal",
  common: "passwordCheck.common",
  /** Too guessable by the estimator (lib/password-strength.ts): "Matkhau@123", "Nguyen@1990". */
  weak: "passwordCheck.weak",
  breached: "passwordCheck.breached",
} as const;

export type PersonalDetails = {
  email?: string | null;
  fullname?: string | null;
  phone?: string | null;
};

/** A detail shorter than this is only refused as the whole password ("Ann" in "Ann12345" is fine). */
const MIN_PART = 4;
/** Digits of a phone that count as the phone (a national number without its leading 0). */
const MIN_PHONE_DIGITS = 6;

/** Lower case, no accents (đ → d), no spaces or the separators people put between names. */
function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[\s._\-+]/g, "");
}

/** The forms of the person's details a password could be built on. */
function personalParts(person: PersonalDetails): string[] {
  const parts: string[] = [];
  const email = person.email?.trim().toLowerCase() ?? "";
  if (email) {
    parts.push(fold(email));
    const local = email.split("@")[0] ?? "";
    parts.push(fold(local), ...local.split(/[._+-]/).map(fold));
  }
  const name = person.fullname?.trim() ?? "";
  if (name) parts.push(fold(name), ...name.split(/\s+/).map(fold));
  const digits = person.phone?.replace(/\D/g, "") ?? "";
  if (digits.length >= MIN_PHONE_DIGITS) {
    // 0912345678, +84 912345678 and 912345678 are one phone.
    parts.push(digits, digits.replace(/^(84|0)/, ""), digits.slice(-9));
  }
  return [...new Set(parts)].filter((part) => part.length >= MIN_PART);
}

/**
 * True when the password is the person's email, its local part, name or phone, or is mostly one
 * of them (the detail is at least half of it, case and accents ignored): "NguyenVanAn1" for
 * Nguyễn Văn An, "ann.lee2024" for ann.lee@example.com, "0912345678a" for that phone.
 */
export function isPasswordPersonal(password: string, person: PersonalDetails): boolean {
  const folded = fold(password);
  if (!folded) return false;
  return personalParts(person).some((part) => folded.includes(part) && part.length * 2 >= folded.length);
}
