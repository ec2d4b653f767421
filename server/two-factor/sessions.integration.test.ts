// The person's devices: the live sessions list, signing one out, signing out everywhere, and the
// mail a sign-in from a new browser sends.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import type { DeviceDto } from "@/server/two-factor/schema";
import { createUser } from "@/tests/factories/user";
import { type CallOptions, call, lastCode, outbox } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";
import {
  as,
  CHROME_WINDOWS,
  FIREFOX_LINUX,
  type FlowData,
  SAFARI_IPHONE,
  signedIn as signedInAs,
} from "@/tests/support/sign-in";

type Data = FlowData<{ items?: (DeviceDto & { type?: string })[]; id?: string; revoked?: number }>;
type Mail = ReturnType<typeof outbox>[number] & { template?: string; subject?: string; lang?: string };

const SAMSUNG_TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36";

const newDeviceMails = (email: string): Mail[] =>
  (outbox() as Mail[]).filter((m) => m.to === email && m.template === "new_device");

const signedIn = (email: string, options: CallOptions = {}, body: Record<string, unknown> = {}) =>
  signedInAs<Data>(email, options, body);

/** A sign-in handing a product its token: the browser's cookie and the product's token. */
async function signedInWithHandoff(email: string, options: CallOptions = {}) {
  const res = await signedIn(email, options, {
    callback_url: "https://app.example.com/start",
    app_code: "ls",
  });
  const target = new URL(String(res.body.data.redirect_url));
  expect(target.host).toBe("app.example.com");
  return { cookie: res.cookie, productToken: String(target.searchParams.get("token")) };
}

async function sessionsOf(cookie: string) {
  const res = await call<Data>("/user/sessions", {}, { cookie });
  expect(res.body.code).toBe(200);
  return res.body.data.items ?? [];
}

async function status(options: CallOptions): Promise<number> {
  return (await call<Data>("/auth/userinfo", {}, options)).status;
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("/user/sessions", () => {
  it("lists live sessions of every app, this one marked, with the device read from the user agent", async () => {
    const user = await createUser();
    const a = await signedIn(user.email, as(CHROME_WINDOWS, { ip: "10.3.0.1" }));
    const b = await signedInWithHandoff(user.email, as(SAFARI_IPHONE, { ip: "10.3.0.2" }));
    const tablet = await signedIn(user.email, as(SAMSUNG_TABLET));

    const items = await sessionsOf(a.cookie);
    expect(items).toHaveLength(4);
    expect(items.map((d) => d.app_code).sort()).toEqual(["ls", "luid", "luid", "luid"]);
    const current = items.filter((d) => d.is_current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      app_code: "luid",
      browser: "Chrome",
      os: "Windows",
      device: "desktop",
      ip: "10.3.0.1",
      is_trusted: false,
    });
    const phone = items.filter((d) => d.browser === "Safari");
    expect(phone).toHaveLength(2);
    for (const d of phone) expect(d).toMatchObject({ os: "iOS", device: "mobile", ip: "10.3.0.2" });
    expect(items.find((d) => d.browser === "Samsung Internet")).toMatchObject({
      os: "Android",
      device: "tablet",
    });
    for (const d of items) {
      expect(Number.isNaN(Date.parse(d.created_at))).toBe(false);
      expect(Number.isNaN(Date.parse(d.last_active))).toBe(false);
    }

    // From another browser, that one is current.
    const fromB = await sessionsOf(b.cookie);
    const currentB = fromB.find((d) => d.is_current);
    expect(currentB).toMatchObject({ browser: "Safari", app_code: "luid" });
    expect(currentB?.id).not.toBe(current[0]?.id);
    // A product token sees the same list, its own session marked.
    const fromProduct = await call<Data>(
      "/user/sessions",
      {},
      { headers: { authorization: b.productToken } },
    );
    expect(fromProduct.body.data.items?.find((d) => d.is_current)?.app_code).toBe("ls");
    expect(await status({ cookie: tablet.cookie })).toBe(200);

    // Someone else's sessions are not listed.
    const someone = await createUser();
    const theirs = await signedIn(someone.email);
    expect(await sessionsOf(theirs.cookie)).toHaveLength(1);
  });

  it("answers 401 without a session", async () => {
    const res = await call<Data>("/user/sessions", {});
    expect(res.status).toBe(401);
    expect(res.body.data.error).toBe("UNAUTHORIZED");
  });
});

describe("/user/revoke-session", () => {
  it("signs another session out; this one keeps working", async () => {
    const user = await createUser();
    const a = await signedIn(user.email, as(CHROME_WINDOWS));
    const b = await signedInWithHandoff(user.email, as(SAFARI_IPHONE));
    const bId = String((await sessionsOf(b.cookie)).find((d) => d.is_current)?.id);
    // Warm the cache for b: revoking must still end it at once.
    expect(await status({ cookie: b.cookie })).toBe(200);

    const res = await call<Data>("/user/revoke-session", { id: bId }, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(bId);
    expect(res.setCookies).toEqual([]);

    expect(await status({ cookie: b.cookie })).toBe(401);
    expect(await status({ cookie: a.cookie })).toBe(200);
    // That browser and the product token it handed out (single sign-out, issue 18); a stays.
    expect(await status({ headers: { authorization: b.productToken } })).toBe(401);
    const left = await sessionsOf(a.cookie);
    expect(left.map((d) => d.id)).not.toContain(bId);
    expect(left).toHaveLength(1);

    const again = await call<Data>("/user/revoke-session", { id: bId }, { cookie: a.cookie });
    expect(again.status).toBe(404);
    expect(again.body.data.error).toBe("DEVICE_NOT_FOUND");
  });

  it("signing this session out clears the cookie and points to /signin?logout=1", async () => {
    const user = await createUser();
    const a = await signedIn(user.email, as(CHROME_WINDOWS));
    const other = await signedIn(user.email, as(FIREFOX_LINUX));
    const aId = String((await sessionsOf(a.cookie)).find((d) => d.is_current)?.id);

    const res = await call<Data>("/user/revoke-session", { id: aId }, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.redirect_url).toBe("/signin?logout=1");
    const ssid = res.setCookies.find((c) => c.startsWith("SSID="));
    expect(ssid).toMatch(/^SSID=;/);
    expect(ssid).toMatch(/Max-Age=0/);
    expect(res.cookie).toBe("");
    expect(await status({ cookie: a.cookie })).toBe(401);
    expect(await status({ cookie: other.cookie })).toBe(200);
  });

  it("does not sign out someone else's session", async () => {
    const user = await createUser();
    const a = await signedIn(user.email);
    const someone = await createUser();
    const theirs = await signedIn(someone.email);
    const theirId = String((await sessionsOf(theirs.cookie))[0]?.id);

    const res = await call<Data>("/user/revoke-session", { id: theirId }, { cookie: a.cookie });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect(res.body.data.error).toBe("DEVICE_NOT_FOUND");
    expect(await status({ cookie: theirs.cookie })).toBe(200);
    expect(await status({ cookie: a.cookie })).toBe(200);

    const anonymous = await call<Data>("/user/revoke-session", { id: theirId });
    expect(anonymous.status).toBe(401);
    expect(await status({ cookie: theirs.cookie })).toBe(200);
  });
});

describe("/auth/logout-all", () => {
  it("ends every browser session and product token of the person", async () => {
    const user = await createUser();
    const one = await signedIn(user.email, as(CHROME_WINDOWS));
    const two = await signedIn(user.email, as(SAFARI_IPHONE));
    const three = await signedIn(user.email, as(FIREFOX_LINUX));
    const handoff = await signedInWithHandoff(user.email, as(SAMSUNG_TABLET));
    const cookies = [one.cookie, two.cookie, three.cookie, handoff.cookie];
    // Every one of them works (and sits in the session cache) before.
    for (const cookie of cookies) expect(await status({ cookie })).toBe(200);
    expect(await status({ headers: { authorization: handoff.productToken } })).toBe(200);
    const someone = await createUser();
    const theirs = await signedIn(someone.email);

    const res = await call<Data>("/auth/logout-all", {}, { cookie: two.cookie });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.redirect_url).toBe("/signin?logout=1");
    expect(res.body.data.revoked).toBe(5);
    expect(res.setCookies.find((c) => c.startsWith("SSID="))).toMatch(/Max-Age=0/);
    expect(res.cookie).toBe("");

    for (const cookie of cookies) expect(await status({ cookie })).toBe(401);
    const product = await call<Data>(
      "/auth/userinfo",
      {},
      { headers: { authorization: handoff.productToken } },
    );
    expect(product.status).toBe(401);
    expect(product.body.data.error).toBe("UNAUTHORIZED");
    // Nobody else is signed out.
    expect(await status({ cookie: theirs.cookie })).toBe(200);

    // It shows in the security activity.
    const back = await signedIn(user.email);
    const events = await call<Data>("/user/security-events", { limit: 100 }, { cookie: back.cookie });
    expect(events.body.data.items?.some((e) => e.type === "signout_all")).toBe(true);
  });

  it("answers 401 without a session", async () => {
    const res = await call<Data>("/auth/logout-all", {});
    expect(res.status).toBe(401);
    expect(res.body.data.error).toBe("UNAUTHORIZED");
  });
});

describe("the new-device mail", () => {
  it("stores and mails an IPv4-mapped address as plain IPv4 (issue 39: no ::ffff: on a person's screen)", async () => {
    const user = await createUser({ language: "en" });
    const res = await signedIn(user.email, as(CHROME_WINDOWS, { ip: "::ffff:10.4.0.77" }));
    const [mail] = newDeviceMails(user.email);
    expect(mail?.params).toMatchObject({ ip: "10.4.0.77" });
    expect(mail?.text).toContain("(IP 10.4.0.77)");
    const sessions = await call<Data>("/user/sessions", {}, { cookie: res.cookie });
    expect(sessions.body.data.items?.map((d) => d.ip)).toEqual(["10.4.0.77"]);
    const events = await call<Data>("/user/security-events", { limit: 10 }, { cookie: res.cookie });
    expect(JSON.stringify(events.body.data)).not.toContain("::ffff:");
  });

  it("mails a sign-in from a browser never seen before, in the person's language, once per browser", async () => {
    const user = await createUser({ language: "en" });
    await signedIn(user.email, as(CHROME_WINDOWS, { ip: "10.4.0.9" }));
    const mails = newDeviceMails(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.channel).toBe("EMAIL");
    expect(mail?.lang).toBe("en");
    expect(mail?.subject).toBe(en.notify.newDevice.subject);
    expect(mail?.params).toMatchObject({ browser: "Chrome", os: "Windows", ip: "10.4.0.9" });
    expect(mail?.text).toContain("Chrome on Windows (IP 10.4.0.9)");

    // The same browser again: no mail.
    await signedIn(user.email, as(CHROME_WINDOWS, { ip: "10.4.0.10" }));
    expect(newDeviceMails(user.email)).toHaveLength(1);
    // Another one: a mail.
    await signedIn(user.email, as(FIREFOX_LINUX));
    const after = newDeviceMails(user.email);
    expect(after).toHaveLength(2);
    expect(after.some((m) => m.params.browser === "Firefox" && m.params.os === "Linux")).toBe(true);

    // A wrong password mails nothing.
    const wrong = await call<Data>(
      "/auth/signin",
      { email: user.email, password: "Wrong#1234" },
      as(SAFARI_IPHONE),
    );
    expect(wrong.status).toBe(400);
    expect(newDeviceMails(user.email)).toHaveLength(2);
  });

  it("writes in Vietnamese for a Vietnamese-speaking person, whatever the page language", async () => {
    const user = await createUser({ language: "vi" });
    await signedIn(user.email, as(SAFARI_IPHONE, { cookie: "LANGUAGE=en" }));
    const mail = newDeviceMails(user.email).at(-1);
    expect(mail?.lang).toBe("vi");
    expect(mail?.subject).toBe(vi.notify.newDevice.subject);
    expect(mail?.text).toContain("Safari trên iOS");
  });

  it("does not mail the first session of a brand-new sign-up", async () => {
    const { body, response } = await signUp();
    const email = String(body.email);
    const verified = await call<Data>("/auth/verify-account", {
      token: String((response.body.data as Data).token),
      code: lastCode(email),
    });
    expect(verified.body.code).toBe(200);
    expect(verified.cookie).toMatch(/SSID=/);
    expect(newDeviceMails(email)).toHaveLength(0);

    // Nor a later sign-in from that same browser; another browser does get one.
    await signedIn(email, {}, { password: String(body.password) });
    expect(newDeviceMails(email)).toHaveLength(0);
    await signedIn(email, as(CHROME_WINDOWS), { password: String(body.password) });
    expect(newDeviceMails(email)).toHaveLength(1);
  });
});
