/** SPEC §2: the email is remembered locally after a successful sign-in or sign-up. */
export const REMEMBERED_EMAIL_KEY = "portal.email";
