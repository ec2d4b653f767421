import { readStored, writeStored } from "./browser-storage";

/** SPEC §2: the email is remembered locally after a successful sign-in or sign-up. */
export const REMEMBERED_EMAIL_KEY = "portal.email";

/** The email of the last sign-in on this browser; empty where storage is blocked (another site's frame). */
export function rememberedEmail(): string {
  return readStored("local", REMEMBERED_EMAIL_KEY) ?? "";
}

/** Remembers the email when the browser lets us; nothing happens where it does not. */
export function rememberEmail(email: string): void {
  writeStored("local", REMEMBERED_EMAIL_KEY, email.trim().toLowerCase());
}
