// Part 6, tokens only over https to the allow-list: callback tricks a product (or an attacker
// posing as one) can put in /auth/signin's callback_url, the iframe parent origin (iframe=1,
// parent_origin) and the dashboard hand-off (/auth/open-app). Through the real `dispatch`.
// A token handed to a host off the allow-list, or over plain http to a non-loopback host, is a
// leak; there must be none. The allow-list is judged here independently of the portal's code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { call } from "@/tests/setup/api";
import { PRODUCT } from "./support/config";
import { type InProcess, openInProcess } from "./support/in-process";
import { printTable, RESILIENCE_ENABLED } from "./support/report";
import { browserCookie, SEED_PASSWORD, seedUsers } from "./support/seed";

const PORT = 4000;
const ALLOWED = ["allowed.test", "*.allowed.test", `localhost:${PORT}`];
/** The family as APPS_CONFIG declares it: the homes' hosts join the allow-list. */
const APPS = {
  ls: { name: "Sales app", home: "https://ls.allowed.test/home", api_key: PRODUCT.apiKey },
  lp: { name: "Builder", home: "https://lp.allowed.test/home" },
  loop: { name: "Local product", home: `http://localhost:${PORT}/home` },
  plain: { name: "Misconfigured product", home: "http://plain.example.com/home" },
};
const LIST = [...ALLOWED, ...Object.values(APPS).map((a) => new URL(a.home).host)];

/** Host on the list (exact host[:port], or a `*.` suffix on a label boundary); a trailing dot is the same host. */
function onList(url: URL): boolean {
  const hostname = url.hostname.toLowerCase().replace(/\.$/, "");
  const host = url.port ? `${hostname}:${url.port}` : hostname;
  return LIST.some((entry) => {
    if (entry.startsWith("*."))
      return hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1;
    return /:\d+$/.test(entry) ? host === entry : hostname === entry;
  });
}

const isLoopback = (url: URL) =>
  ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname.replace(/\.$/, ""));

/** Where a token may go: https to a listed host, or http to a listed loopback host. */
function safeFor(destination: string): boolean {
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return onList(url);
  if (url.protocol === "http:") return isLoopback(url) && onList(url);
  return false;
}

type Trick = { label: string; value: string; field?: "callback_url" | "url_callback"; expectToken?: boolean };

const CALLBACK_TRICKS: Trick[] = [
  { label: "allowed https", value: "https://allowed.test/cb", expectToken: true },
  { label: "wildcard subdomain", value: "https://app.allowed.test/cb", expectToken: true },
  { label: "deep subdomain", value: "https://a.b.allowed.test/cb", expectToken: true },
  { label: "loopback on its listed port", value: `http://localhost:${PORT}/cb`, expectToken: true },
  { label: "app home host", value: "https://ls.allowed.test/x", expectToken: true },
  {
    label: "url_callback alias",
    value: "https://allowed.test/alias",
    field: "url_callback",
    expectToken: true,
  },
  { label: "http downgrade", value: "http://allowed.test/cb" },
  { label: "http downgrade, subdomain", value: "http://app.allowed.test/cb" },
  { label: "http downgrade, uppercase", value: "HTTP://ALLOWED.TEST/cb" },
  { label: "http to an http app home", value: "http://plain.example.com/home" },
  { label: "userinfo @", value: "https://allowed.test@evil.com/cb" },
  { label: "userinfo with password", value: "https://allowed.test:pw@evil.com/" },
  { label: "userinfo on the allowed host", value: "https://evil.com@allowed.test/cb" },
  { label: "double @", value: "https://a@allowed.test@evil.com/" },
  { label: "backslash before @", value: "https://evil.com\\@allowed.test/" },
  { label: "backslash after host", value: "https://allowed.test\\evil.com" },
  { label: "backslashes for slashes", value: "https:\\\\evil.com\\allowed.test" },
  { label: "protocol-relative", value: "//evil.com/cb" },
  { label: "protocol-relative allowed", value: "//allowed.test/cb" },
  { label: "triple slash", value: "https:///evil.com/" },
  { label: "no slashes", value: "https:evil.com/" },
  { label: "no slashes, allowed", value: "https:allowed.test/cb" },
  { label: "suffix look-alike", value: "https://allowed.test.evil.com/" },
  { label: "prefix look-alike", value: "https://evilallowed.test/" },
  { label: "dash look-alike", value: "https://evil-allowed.test/" },
  { label: "wildcard look-alike", value: "https://x.allowed.test.evil.com/" },
  { label: "unicode dot 。", value: "https://allowed。test/cb" },
  { label: "unicode dot on a look-alike", value: "https://allowed。test。evil。com/" },
  { label: "fullwidth letters", value: "https://ａｌｌｏｗｅｄ.test/cb" },
  { label: "cyrillic е homograph", value: "https://allowеd.test/" },
  { label: "cyrillic а homograph", value: "https://аllowed.test/" },
  { label: "percent-encoded dot", value: "https://allowed%2etest/cb" },
  { label: "percent-encoded look-alike", value: "https://allowed.test%2eevil.com/" },
  { label: "percent-encoded @", value: "https://allowed.test%40evil.com/" },
  { label: "percent-encoded slash", value: "https://evil.com%2f.allowed.test/" },
  { label: "percent-encoded scheme", value: "https%3A%2F%2Fevil.com%2F" },
  { label: "NUL in host", value: "https://allowed.test%00.evil.com/" },
  { label: "tab inside host", value: "https://allo\twed.test/cb" },
  { label: "newline before look-alike", value: "https://allowed.test\n.evil.com/" },
  { label: "leading space", value: "  https://allowed.test/cb" },
  { label: "another port on an allowed host", value: "https://allowed.test:8443/cb" },
  { label: "default port written", value: "https://allowed.test:443/cb" },
  { label: "loopback, another port", value: "http://localhost:5000/cb" },
  { label: "127.0.0.1 on the listed port", value: `http://127.0.0.1:${PORT}/cb` },
  { label: "[::1] on the listed port", value: `http://[::1]:${PORT}/cb` },
  { label: "decimal IP", value: "https://2130706433/" },
  { label: "octal loopback", value: `http://0177.0.0.1:${PORT}/` },
  { label: "localhost trailing dot", value: `http://localhost.:${PORT}/cb` },
  { label: "evil.localhost", value: `http://evil.localhost:${PORT}/cb` },
  { label: "port look-alike", value: `http://localhost:${PORT}.evil.com/` },
  { label: "uppercase", value: "HTTPS://ALLOWED.TEST/CB", expectToken: true },
  { label: "mixed-case subdomain", value: "https://App.Allowed.Test/x", expectToken: true },
  { label: "trailing dot", value: "https://allowed.test./cb" },
  { label: "trailing dot, subdomain", value: "https://app.allowed.test./" },
  { label: "trailing dot, look-alike", value: "https://allowed.test.evil.com./" },
  { label: "javascript:", value: "javascript:alert(document.cookie)//allowed.test" },
  { label: "javascript: with host", value: "javascript://allowed.test/%0aalert(1)" },
  { label: "data:", value: "data:text/html,<script>alert(1)</script>" },
  { label: "vbscript:", value: "vbscript:msgbox(1)" },
  { label: "file:", value: "file://allowed.test/etc/passwd" },
  { label: "ftp:", value: "ftp://allowed.test/" },
  { label: "ws:", value: "ws://allowed.test/" },
  { label: "wss:", value: "wss://allowed.test/" },
  { label: "fragment trick", value: "https://evil.com#https://allowed.test/" },
  { label: "query trick", value: "https://evil.com?next=https://allowed.test/" },
  { label: "@ in the path", value: "https://evil.com/@allowed.test" },
  { label: "& before @", value: "https://allowed.test&@evil.com/" },
  { label: "; before @", value: "https://allowed.test;@evil.com/" },
  { label: "relative path", value: "/account/profile" },
  { label: "empty", value: "" },
  { label: "url_callback off-list", value: "https://evil.com/", field: "url_callback" },
  { label: "url_callback http downgrade", value: "http://allowed.test/", field: "url_callback" },
  { label: "very long", value: `https://allowed.test/${"a".repeat(1_900)}`, expectToken: true },
];

const PARENT_TRICKS: Trick[] = [
  { label: "allowed origin", value: "https://allowed.test", expectToken: true },
  { label: "allowed origin with slash", value: "https://allowed.test/", expectToken: true },
  { label: "wildcard origin", value: "https://app.allowed.test", expectToken: true },
  { label: "loopback listed port", value: `http://localhost:${PORT}`, expectToken: true },
  { label: "http downgrade", value: "http://allowed.test" },
  { label: "off-list", value: "https://evil.com" },
  { label: "star", value: "*" },
  { label: "null origin", value: "null" },
  { label: "suffix look-alike", value: "https://allowed.test.evil.com" },
  { label: "prefix look-alike", value: "https://evilallowed.test" },
  { label: "userinfo", value: "https://allowed.test@evil.com" },
  { label: "origin with a path", value: "https://allowed.test/path" },
  { label: "uppercase", value: "HTTPS://ALLOWED.TEST" },
  { label: "another port", value: "https://allowed.test:8443" },
  { label: "loopback other port", value: "http://localhost:5000" },
  { label: "javascript:", value: "javascript:alert(1)" },
  { label: "data:", value: "data:,x" },
  { label: "unicode dot", value: "https://allowed。test" },
  { label: "trailing dot", value: "https://allowed.test." },
  { label: "empty", value: "" },
  { label: "http app home", value: "http://plain.example.com" },
];

const OPEN_APP_TRICKS: Trick[] = [
  { label: "sales app (https home)", value: "ls", expectToken: true },
  { label: "builder (https home)", value: "lp", expectToken: true },
  { label: "loopback http home", value: "loop", expectToken: true },
  { label: "app with a plain-http home", value: "plain" },
  { label: "uppercase code", value: "LS" },
  { label: "padded code", value: " ls " },
  { label: "__proto__", value: "__proto__" },
  { label: "constructor", value: "constructor" },
  { label: "toString", value: "toString" },
  { label: "hasOwnProperty", value: "hasOwnProperty" },
  { label: "unknown app", value: "evil" },
  { label: "NUL", value: "ls\u0000" },
  { label: "path", value: "lp/../ls" },
];

/** Where a token went, shortly: scheme://host[:port] (or the raw text when it does not parse). */
function originOf(to: string): string {
  try {
    const url = new URL(to);
    return url.origin === "null" ? to.slice(0, 40) : url.origin;
  } catch {
    return to.slice(0, 40);
  }
}

type Outcome = {
  surface: string;
  trick: string;
  input: string;
  answer: string;
  token: string;
  verdict: string;
};

function tokenDestinations(data: Record<string, unknown>): { to: string; via: string }[] {
  const out: { to: string; via: string }[] = [];
  const redirect = typeof data.redirect_url === "string" ? data.redirect_url : undefined;
  if (redirect) {
    try {
      const url = new URL(redirect, "https://portal.invalid");
      if (url.searchParams.get("token") || /[?#&]token=/.test(redirect))
        out.push({ to: redirect, via: "redirect" });
    } catch {
      if (/token=/.test(redirect)) out.push({ to: redirect, via: "redirect" });
    }
  }
  const post = data.post_message as
    | { target_origin?: string; message?: Record<string, { token?: string }> }
    | undefined;
  if (post?.message && Object.values(post.message).some((m) => m?.token))
    out.push({ to: String(post.target_origin), via: "postMessage" });
  return out;
}

describe.skipIf(!RESILIENCE_ENABLED)("resilience 6: tokens only over https to the allow-list", () => {
  let portal: InProcess;
  let user: UserRow;
  let cookie = "";
  const outcomes: Outcome[] = [];
  const saved = new Map<string, number>();

  beforeAll(async () => {
    portal = await openInProcess({
      env: {
        CALLBACK_ALLOWED_HOSTS: ALLOWED.join(","),
        APPS_CONFIG: JSON.stringify(APPS),
        DEVICE_LIMIT: "100000",
      },
    });
    // Many sign-ins of one person: the sign-in throttle is not what this part measures.
    for (const [name, limit] of Object.entries(LIMITS)) {
      saved.set(name, limit.points);
      (limit as { points: number }).points = 100_000;
    }
    resetLimitsForTests();
    const db = await getDb();
    [user] = (await seedUsers(db, 1, "callbacks")) as [UserRow];
    cookie = await browserCookie(db, user);
  });

  afterAll(async () => {
    for (const [name, points] of saved)
      (LIMITS[name as keyof typeof LIMITS] as { points: number }).points = points;
    await portal?.close();
  });

  function judge(
    surface: string,
    trick: Trick,
    answer: { body: { code: number; data: unknown } },
    expectVia?: "postMessage",
  ) {
    const data = (answer.body.data ?? {}) as Record<string, unknown>;
    const sent = tokenDestinations(data);
    const leaks = sent.filter((s) => !safeFor(s.to));
    const missing =
      trick.expectToken === true && sent.filter((s) => !expectVia || s.via === expectVia).length === 0;
    outcomes.push({
      surface,
      trick: trick.label,
      input: JSON.stringify(trick.value),
      answer: String(answer.body.code),
      token: sent.length ? sent.map((s) => `${s.via} → ${originOf(s.to)}`).join("; ") : "none",
      verdict: leaks.length ? "LEAK" : missing ? "refused a listed https host" : "ok",
    });
  }

  it("hands a token only to listed hosts over https (or loopback http)", async () => {
    for (const trick of CALLBACK_TRICKS) {
      const answer = await call(
        "/auth/signin",
        {
          email: user.email,
          password: SEED_PASSWORD,
          app_code: "ls",
          [trick.field ?? "callback_url"]: trick.value,
        },
        { ip: "10.66.0.1" },
      );
      judge("signin callback_url", trick, answer);
    }
    for (const trick of PARENT_TRICKS) {
      const answer = await call(
        "/auth/signin",
        {
          email: user.email,
          password: SEED_PASSWORD,
          app_code: "ls",
          iframe: 1,
          parent_origin: trick.value,
          callback_url: "https://allowed.test/framed",
        },
        { ip: "10.66.0.2" },
      );
      judge("iframe parent_origin", trick, answer, "postMessage");
    }
    // The parent origin is what receives the token: an off-list parent with an allowed callback must not.
    for (const trick of PARENT_TRICKS.filter((t) => !t.expectToken).slice(0, 6)) {
      const answer = await call(
        "/auth/signin",
        {
          email: user.email,
          password: SEED_PASSWORD,
          iframe: "1",
          parent_origin: trick.value,
          callback_url: "https://evil.com/x",
        },
        { ip: "10.66.0.3" },
      );
      judge("iframe, off-list callback", trick, answer);
    }
    for (const trick of OPEN_APP_TRICKS) {
      const answer = await call("/auth/open-app", { app_code: trick.value }, { cookie });
      judge("dashboard /auth/open-app", trick, answer);
    }

    printTable("Part 6 — callback tricks and where the token went", outcomes);
    const bySurface = [...new Set(outcomes.map((o) => o.surface))].map((surface) => {
      const list = outcomes.filter((o) => o.surface === surface);
      return {
        surface,
        tricks: list.length,
        "tokens handed": list.filter((o) => o.token !== "none").length,
        "leaks (must be 0)": list.filter((o) => o.verdict === "LEAK").length,
        "listed https refused": list.filter((o) => o.verdict.startsWith("refused")).length,
      };
    });
    printTable("Part 6 — totals", bySurface);

    expect(CALLBACK_TRICKS.length).toBeGreaterThanOrEqual(50);
    expect(outcomes.filter((o) => o.verdict === "LEAK")).toEqual([]);
    // The allowed ones do get a token (otherwise the zero above would prove nothing).
    expect(outcomes.filter((o) => o.verdict.startsWith("refused"))).toEqual([]);
  });
});
