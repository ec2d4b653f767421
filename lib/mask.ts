// Addresses shown back to someone holding a flow token: enough to recognise one's own, too little
// to learn someone else's (a screenshot, a shoulder, a shared computer).

/** "donalo@example.com" → "d***o@example.com"; a one-letter name keeps only that letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  const name = email.slice(0, at);
  const first = name.slice(0, 1);
  const last = name.length > 2 ? name.slice(-1) : "";
  return `${first}***${last}${email.slice(at)}`;
}

/** "0912345678" → "*******678", "+66812345678" → "+********678": only the last three digits show. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - 3 ? d : "*"));
}
