// Iframe mode as a sibling product really uses it: the parent page is on ANOTHER SITE
// (http://127.0.0.1:3313, while the portal is http://localhost:3310), in browsers whose cookie
// settings differ. Each test launches its own Chromium profile with the setting written in its
// Preferences, as a person would have set it: third-party cookies allowed (a regular window),
// blocked ("Block third-party cookies"; also what Chromium's private windows do by default, and
// what throws SecurityError on `window.localStorage` inside the frame), or all cookies blocked.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  chromium,
  expect,
  type Frame,
  type Page,
  request,
} from "@playwright/test";
import config from "../../../playwright.config";
import {
  codeFromMail,
  demoAccount,
  PEER,
  pasteCode,
  randomPhone,
  SCREENS_DIR,
  screenshot,
  solvedCaptcha,
  submitSignIn,
} from "../../support/e2e";
import { Authenticator } from "../../support/totp";

const PORTAL = "http://localhost:3310";
/** The allowed sibling product: another host than the portal's, so another site (in CALLBACK_ALLOWED_HOSTS). */
const PARENT = "http://127.0.0.1:3313";
/** The peers' own address: not on the allow-list. */
const FOREIGN = PEER;
const CALLBACK = "http://localhost:3311/callback";
const PASSWORD = "Velvet-Otter-Lantern-47";

const DEVICE_LIMIT = (() => {
  const servers = Array.isArray(config.webServer) ? config.webServer : [config.webServer];
  return Number(servers.find((s) => s?.env?.PORT === "3310")?.env?.DEVICE_LIMIT ?? 10);
})();

type CookiePolicy = "third-party allowed" | "third-party blocked" | "all blocked";
/** Chromium profile preferences, as the settings page writes them. */
const PREFERENCES: Record<CookiePolicy, unknown> = {
  "third-party allowed": { profile: { cookie_controls_mode: 0, block_third_party_cookies: false } },
  "third-party blocked": { profile: { cookie_controls_mode: 1, block_third_party_cookies: true } },
  "all blocked": { profile: { default_content_setting_values: { cookies: 2 } } },
};

/**
 * Uncaught errors other than React's hydration warning (#418): the sign-up page's country list is
 * named by the server's ICU and the browser's, which differ (a separate issue, outside a frame too).
 */
const unexpected = (errors: string[]) => errors.filter((e) => !/Minified React error #418\b/.test(e));

type FrameBody = { token?: string; is_auth?: boolean; redirect_url?: string; is_close_iframe?: boolean };
type Received = { origin: string; data: Record<string, FrameBody> };

/** A browser with `policy` showing a parent page at `origin` that frames the portal page `src`. */
type OpenParent = (options: { policy: CookiePolicy; src: string; origin?: string }) => Promise<Page>;

const test = base.extend<{ openParent: OpenParent; pageErrors: string[] }>({
  pageErrors: async ({ launchOptions: _ }, use) => {
    await use([]);
  },
  openParent: async ({ launchOptions, pageErrors }, use) => {
    const opened: { context: BrowserContext; dir: string }[] = [];
    await use(async ({ policy, src, origin = PARENT }) => {
      const dir = mkdtempSync(path.join(tmpdir(), "portal-profile-"));
      mkdirSync(path.join(dir, "Default"));
      writeFileSync(path.join(dir, "Default", "Preferences"), JSON.stringify(PREFERENCES[policy]));
      const context = await chromium.launchPersistentContext(dir, {
        ...launchOptions,
        viewport: { width: 1000, height: 800 },
      });
      opened.push({ context, dir });
      const page = context.pages()[0] ?? (await context.newPage());
      // Uncaught errors of the page and of the portal's frame ("This page couldn't load").
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto(`${origin}/parent?src=${encodeURIComponent(src)}`);
      return page;
    });
    for (const { context, dir } of opened) {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

// One worker runs this file in order: its other site listens on a fixed port (3313, allow-listed).
test.describe.configure({ mode: "default" });
// The cookie policies above are profile preferences, which only the full browser reads: Debian's
// chromium-headless-shell, which the other specs run in, keeps third-party cookies whatever they say.
test.use({ launchOptions: { ...config.use?.launchOptions, executablePath: "/usr/bin/chromium" } });

/** The peers' /parent page, served from another site with a strict referrer policy. */
let parentServer: Server;
test.beforeAll(async () => {
  parentServer = createServer(async (req, res) => {
    const upstream = await fetch(`${PEER}${req.url ?? "/"}`);
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "text/html",
      // The frame must find its parent without the referrer.
      "referrer-policy": "no-referrer",
    });
    res.end(await upstream.text());
  });
  await new Promise<void>((resolve) => parentServer.listen(3313, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => parentServer.close(resolve));
});

const framedUrl = (page: string, query: Record<string, string>) =>
  `${PORTAL}${page}?${new URLSearchParams({ iframe: "1", ...query })}`;
const handoff = { app_code: "ls", callback_url: CALLBACK };

const messages = (page: Page) =>
  page.evaluate(() => (window as unknown as { messages: Received[] }).messages);

function portalFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${PORTAL}/`));
  if (!frame) throw new Error("the portal is not framed");
  return frame;
}

/** What the frame's browser lets the portal keep: storage (or the error it throws) and a cookie. */
async function storageInFrame(page: Page): Promise<{ storage: string; isCookieKept: boolean }> {
  return portalFrame(page).evaluate(() => {
    let storage = "available";
    try {
      void window.localStorage.length;
    } catch (error) {
      storage = (error as DOMException).name;
    }
    // biome-ignore lint/suspicious/noDocumentCookie: the probe is the very write a blocked frame loses.
    document.cookie = "frame_probe=1; Path=/; SameSite=None; Secure";
    return { storage, isCookieKept: document.cookie.includes("frame_probe=1") };
  });
}

async function expectStoragePolicy(page: Page, policy: CookiePolicy) {
  const seen = await storageInFrame(page);
  if (policy === "third-party allowed") expect(seen).toEqual({ storage: "available", isCookieKept: true });
  else expect(seen).toEqual({ storage: "SecurityError", isCookieKept: false });
}

/** Exactly one message, from the portal, at the allowed parent; its body. */
async function theOneMessage(page: Page): Promise<FrameBody> {
  await expect.poll(async () => (await messages(page)).length, { timeout: 20_000 }).toBe(1);
  await page.waitForTimeout(1000);
  const received = await messages(page);
  expect(received).toHaveLength(1);
  expect(received[0]?.origin).toBe(PORTAL);
  expect(new URL(page.url()).origin).toBe(PARENT);
  return received[0]?.data.luid ?? {};
}

async function emailOfToken(token: string | undefined): Promise<string | undefined> {
  const info = await fetch(`${PORTAL}/2.0/auth/userinfo`, {
    method: "POST",
    headers: { authorization: String(token) },
  });
  return ((await info.json()) as { data?: { email?: string } }).data?.email;
}

/** A frame step's page keeps the frame: iframe=1, the language, and the parent for the next step. */
function expectFramedStep(frame: Frame, pathname: string) {
  const url = new URL(frame.url());
  expect(url.pathname).toBe(pathname);
  expect(url.searchParams.get("iframe")).toBe("1");
  expect(url.searchParams.get("lang")).toBe("en");
  expect(url.searchParams.get("parent_origin")).toBe(PARENT);
  return url;
}

for (const policy of ["third-party allowed", "third-party blocked"] as const) {
  test(`sign-in framed by another site (${policy}): one message to the allowed parent, a working token`, async ({
    openParent,
    pageErrors,
  }) => {
    const demo = demoAccount();
    const page = await openParent({
      policy,
      src: framedUrl("/signin", { layout: "2", lang: "en", ...handoff }),
    });
    const frame = page.frameLocator("#portal");
    await expect(frame.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(frame.getByText("This page couldn't load")).toHaveCount(0);
    await expectStoragePolicy(page, policy);

    await submitSignIn(frame, demo.email, demo.password);

    const body = await theOneMessage(page);
    expect(body.is_auth).toBe(true);
    expect(body.is_close_iframe).toBe(true);
    expect(body.redirect_url).toContain(`${CALLBACK}?`);
    expect(await emailOfToken(body.token)).toBe(demo.email);
    expect(unexpected(pageErrors)).toEqual([]);
  });

  test(`sign-up then verify-account framed by another site (${policy}) end at the parent`, async ({
    openParent,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    const email = `e2e-xsite-${randomBytes(4).toString("hex")}@example.com`;
    const page = await openParent({ policy, src: framedUrl("/signup", { lang: "en", ...handoff }) });
    const frame = page.frameLocator("#portal");
    await expect(frame.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await frame.getByLabel("Full name").fill("Cross Site Person");
    await frame.getByLabel("Email").fill(email);
    await frame.getByLabel("Phone number").fill(randomPhone());
    await frame.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await frame.getByText("I'm not a robot").click();
    await expect(frame.getByText("Verified")).toBeVisible({ timeout: 30_000 });
    await frame.getByRole("checkbox", { name: /terms of use/ }).check();
    await frame.getByRole("button", { name: "Complete" }).click();

    // The next step, still in the frame, in English, knowing its parent; its token is in the URL.
    await expect(frame.getByRole("heading", { name: "Verify your account" })).toBeVisible();
    const step = expectFramedStep(portalFrame(page), "/verify-account");
    const flowToken = String(step.searchParams.get("token"));
    expect(flowToken.length).toBeGreaterThan(10);
    const cookies = await page.context().cookies(PORTAL);
    expect(cookies.some((c) => c.value.includes(flowToken))).toBe(false);
    await expect(frame.getByRole("link", { name: "Back to sign in" })).toHaveAttribute(
      "href",
      /^\/signin\?.*iframe=1.*parent_origin=/,
    );

    // The six boxes confirm on their own once the code is in.
    await pasteCode(frame, await codeFromMail(email));
    const body = await theOneMessage(page);
    expect(body.is_auth).toBe(true);
    expect(body.is_close_iframe).toBe(true);
    expect(body.redirect_url).toContain("track=complete");
    expect(await emailOfToken(body.token)).toBe(email);
    expect(unexpected(pageErrors)).toEqual([]);
  });
}

/** A verified account made through /2.0 (captcha solved as the widget does); `api` holds its session. */
async function accountThroughApi(api: APIRequestContext): Promise<string> {
  const email = `e2e-xsite-2fa-${randomBytes(4).toString("hex")}@example.com`;
  const post = async (route: string, data: Record<string, unknown>) =>
    (await (await api.post(`/2.0${route}`, { headers: { origin: PORTAL }, data })).json()) as {
      code: number;
      message: string;
      data: Record<string, unknown>;
    };
  const signup = await post("/auth/signup", {
    fullname: "Cross Site Two Factor",
    email,
    password: PASSWORD,
    phone: randomPhone(),
    country_code: "vn",
    token: await solvedCaptcha(api),
  });
  expect(signup.code, signup.message).toBe(200);
  const verified = await post("/auth/verify-account", {
    code: await codeFromMail(email),
    token: signup.data.token,
  });
  expect(verified.code, verified.message).toBe(200);
  return email;
}

test("2FA and the device limit complete inside a frame on another site with third-party cookies blocked", async ({
  openParent,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const api = await request.newContext({ baseURL: PORTAL });
  const email = await accountThroughApi(api);
  // The API context's session is one device; other sign-ins fill the rest of the allowance (before
  // two-factor is on: then a password alone opens no session).
  for (let i = 0; i < DEVICE_LIMIT - 1; i++) {
    const answer = await fetch(`${PORTAL}/2.0/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PORTAL },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  }
  // Authenticator on, as the profile's dialog does it.
  const setup = (await (
    await api.post("/2.0/auth2-fa/generate-setup-url", { headers: { origin: PORTAL }, data: {} })
  ).json()) as { data: { secret: string } };
  const secret = setup.data.secret;
  const authenticator = new Authenticator(secret);
  const enabled = (await (
    await api.post("/2.0/auth2-fa/enable-2fa", {
      headers: { origin: PORTAL },
      data: { token: await authenticator.next(), method: "totp" },
    })
  ).json()) as { code: number; message: string };
  expect(enabled.code, enabled.message).toBe(200);
  await api.dispose();

  const page = await openParent({
    policy: "third-party blocked",
    src: framedUrl("/signin", { lang: "en", ...handoff }),
  });
  await expectStoragePolicy(page, "third-party blocked");
  const frame = page.frameLocator("#portal");
  await submitSignIn(frame, email, PASSWORD);

  await expect(frame.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  expectFramedStep(portalFrame(page), "/verify-2fa");
  await expect(frame.locator("[data-testid=code-boxes][data-ready]")).toBeVisible();
  await frame.getByRole("textbox", { name: "Digit 1 of 6" }).evaluate(
    (el, value) => {
      const data = new DataTransfer();
      data.setData("text/plain", value);
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    await authenticator.next(),
  );
  // The paste fills the six boxes and confirms on its own.

  // Over the limit: the device-limit step, still framed, then the message.
  const dialog = frame.getByRole("dialog", { name: "Device limit exceeded" });
  await expect(dialog).toBeVisible();
  expectFramedStep(portalFrame(page), "/device-limit-exceeded");
  await dialog.getByRole("checkbox").first().check();
  await dialog.getByRole("button", { name: "Log out selected" }).click();

  const body = await theOneMessage(page);
  expect(body.is_auth).toBe(true);
  expect(body.is_close_iframe).toBe(true);
  expect(body.redirect_url).toContain(`${CALLBACK}?`);
  expect(await emailOfToken(body.token)).toBe(email);
  expect(unexpected(pageErrors)).toEqual([]);
});

test("a parent outside the allow-list is refused even when it names itself, and hears nothing", async ({
  openParent,
}) => {
  const refused: string[] = [];
  const page = await openParent({
    policy: "third-party blocked",
    src: framedUrl("/signin", { lang: "en", parent_origin: FOREIGN, ...handoff }),
    origin: FOREIGN,
  });
  page.on("console", (m) => {
    if (/frame-ancestors|Refused to frame/i.test(m.text())) refused.push(m.text());
  });
  await page.reload();
  await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.frameLocator("#portal").getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(await messages(page)).toHaveLength(0);
});

test("where the frame keeps no cookie at all, the parent still hears and the frame says what it needs", async ({
  openParent,
  pageErrors,
}) => {
  const demo = demoAccount();
  // No callback: the sign-in would carry on to the profile inside the frame, which needs the session.
  const page = await openParent({ policy: "all blocked", src: framedUrl("/signin", { lang: "en" }) });
  await expectStoragePolicy(page, "all blocked");
  const frame = page.frameLocator("#portal");
  await submitSignIn(frame, demo.email, demo.password);

  const body = await theOneMessage(page);
  expect(body).toEqual({ is_auth: true, redirect_url: "/account/profile", is_close_iframe: false });
  await expect(frame.getByRole("status")).toHaveText(
    /this browser keeps no sign-in inside another site's page/,
  );
  await expect(frame.getByRole("link", { name: "Open in a new tab" })).toHaveAttribute("target", "_blank");
  expectFramedStep(portalFrame(page), "/signin");
  await screenshot(page, { path: path.join(SCREENS_DIR, "embed-cross-site-no-cookies-en.png") });
  expect(unexpected(pageErrors)).toEqual([]);
});

test("screens: the framed sign-in inside another site's page, third-party cookies blocked (vi, en)", async ({
  openParent,
  pageErrors,
}) => {
  for (const lang of ["vi", "en"] as const) {
    const page = await openParent({
      policy: "third-party blocked",
      src: framedUrl("/signin", { layout: "2", lang, ...handoff }),
    });
    const heading = lang === "vi" ? "Đăng nhập" : "Sign in";
    await expect(page.frameLocator("#portal").getByRole("heading", { name: heading })).toBeVisible();
    await screenshot(page, { path: path.join(SCREENS_DIR, `embed-cross-site-signin-${lang}.png`) });
  }
  expect(unexpected(pageErrors)).toEqual([]);
});
