// Who belongs to the product family, as one list read three ways: where a token may be sent by
// redirect (a callback), which pages may frame the portal's framed pages (CSP frame-ancestors),
// and which parent window the framed sign-in may post its token to. The list is
// CALLBACK_ALLOWED_HOSTS plus every APPS_CONFIG app's home (issue 38: a product framing the
// sign-in from its own home was refused because frame-ancestors knew CALLBACK_ALLOWED_HOSTS only).
import type { Env } from "@/lib/env";

/** Loopback hosts, where plain http is development on one machine, not a token in the clear. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(h) || h === "::1";
}

const LABEL = "[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?";
const NAME_ENTRY = new RegExp(`^(\\*\\.)?(${LABEL}(?:\\.${LABEL})*)(:\\d{1,5})?$`);
const IPV6_ENTRY = /^\[[0-9a-f:.]+\](:\d{1,5})?$/;

/**
 * A well-formed allow-list entry: `a.com`, `a.com:8443`, `*.a.com`, `localhost:4000`, `[::1]:4000`
 * (lower-case). Refused: a scheme or path (`https://a.com`, `a.com/x`), a bare `*`, and a wildcard
 * over a single label (`*.com`), which would make a whole top-level domain family.
 */
export function isHostEntry(entry: string): boolean {
  if (IPV6_ENTRY.test(entry)) return true;
  const match = NAME_ENTRY.exec(entry);
  if (!match) return false;
  const [, wildcard, name = ""] = match;
  return !wildcard || name.includes(".") || name === "localhost";
}

/** The family's hosts: CALLBACK_ALLOWED_HOSTS, then each APPS_CONFIG home's host (with its port, if any). */
export function familyHosts(config: Pick<Env, "allowedHosts" | "APPS_CONFIG">): string[] {
  const homes = Object.values(config.APPS_CONFIG).map((app) => new URL(app.home).host.toLowerCase());
  return [...new Set([...config.allowedHosts, ...homes])];
}

/** https anywhere; plain http only on a loopback host; never credentials in the address. */
function isSchemeAllowed(url: URL): boolean {
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
}

/**
 * Whether `url`'s host matches `entry`. `anyPort`: an entry without a port takes any port (the
 * callback rule); otherwise it means the scheme's default port only, as a CSP source does.
 */
function matchesEntry(url: URL, entry: string, anyPort: boolean): boolean {
  const hasPort = /:\d+$/.test(entry);
  if (!hasPort && !anyPort && url.port !== "") return false;
  const subject = hasPort ? url.host.toLowerCase() : url.hostname.toLowerCase();
  if (entry.startsWith("*.")) return subject.endsWith(entry.slice(1)) && subject.length > entry.length - 1;
  return subject === entry;
}

/**
 * True when `url`'s host matches an entry such as `a.com`, `*.a.com`, `localhost:4000` (an entry
 * without a port: any port), and the scheme keeps a token private: https, or http on a loopback
 * host only. The rule of callbacks (a redirect carrying a token).
 */
export function isHostAllowed(url: URL, hosts: readonly string[]): boolean {
  return isSchemeAllowed(url) && hosts.some((entry) => matchesEntry(url, entry, true));
}

/**
 * The rule of frames and of the framed sign-in's message: exactly what `frameAncestorSources`
 * lets the browser accept, so a parent the message would reach is one the frame could load in
 * and the other way round. Like `isHostAllowed`, but an entry without a port means the scheme's
 * default port, and an IPv6 entry (which CSP cannot name) frames nothing.
 */
export function isFrameOriginAllowed(url: URL, hosts: readonly string[]): boolean {
  if (!isSchemeAllowed(url) || url.hostname.startsWith("[")) return false;
  return hosts.some((entry) => !entry.startsWith("[") && matchesEntry(url, entry, false));
}

/**
 * frame-ancestors sources of the family: `https://<entry>` for each entry, and `http://<entry>`
 * too on a loopback host. An entry's `*.a.com` stays the CSP's `https://*.a.com` (the same hosts
 * the callback rule allows: its subdomains, not a.com itself); nothing broader is ever produced
 * (no bare `*`, no scheme-only source, no wildcard port).
 */
export function frameAncestorSources(hosts: readonly string[]): string[] {
  const sources = hosts.flatMap((entry) => {
    if (entry.startsWith("[") || !isHostEntry(entry)) return [];
    const hostname = entry.replace(/^\*\./, "").replace(/:\d+$/, "");
    return isLoopback(hostname) ? [`http://${entry}`, `https://${entry}`] : [`https://${entry}`];
  });
  return [...new Set(sources)];
}

/**
 * The origin of the page framing a request when frame-ancestors refuses it: a cross-site frame
 * (`Sec-Fetch-Dest: iframe`) whose `Referer` (the browser's default referrer policy sends the
 * parent's origin) is not of the family. Undefined when allowed, or not known (no Referer).
 */
export function refusedFrameParent(headers: Headers, hosts: readonly string[]): string | undefined {
  if (headers.get("sec-fetch-dest") !== "iframe" || headers.get("sec-fetch-site") === "same-origin") {
    return undefined;
  }
  let parent: URL;
  try {
    parent = new URL(headers.get("referer") ?? "");
  } catch {
    return undefined;
  }
  if (parent.origin === "null") return undefined;
  return isFrameOriginAllowed(parent, hosts) ? undefined : parent.origin;
}
