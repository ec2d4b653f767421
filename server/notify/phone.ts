import "server-only";
import { parsePhoneNumberFromString } from "libphonenumber-js";

// The portal stores Vietnamese numbers as 0xxxxxxxxx and the others in E.164 (lib/validation.ts).

/** International digits without "+": 84912345678 for a Vietnamese number (Zalo wants 84…). */
export function internationalDigits(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, "VN");
  return parsed ? parsed.number.slice(1) : stored.replace(/\D/g, "");
}

/** eSMS's documented form: 0xxxxxxxxx for Vietnam, international digits for any other country. */
export function esmsPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, "VN");
  if (!parsed) return stored.replace(/\D/g, "");
  return parsed.countryCallingCode === "84" ? `0${parsed.nationalNumber}` : parsed.number.slice(1);
}
