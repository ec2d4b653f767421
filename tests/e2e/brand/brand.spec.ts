import { expect, type Page, test } from "@playwright/test";
import { E2E } from "../../../playwright.config";
import { signInDemo } from "../../support/e2e";

// The "first impression" issue: the brand (logo, favicon, home-screen icon, web manifest) and the
// Thai and Burmese web fonts, which only th and my pages may download. The e2e app runs with no
// BRAND_* settings: the defaults, "Nova" and the portal's own mark (app/icon.svg).

const APP = `http://localhost:${E2E.appPort}`;
const BRAND = "Nova";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function setLang(page: Page, lang: string) {
  await page.context().addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
}

test("the web manifest names the brand and lists icons that load, signed out", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest", { headers: { cookie: "LANGUAGE=en" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type?: string }[];
  };
  expect(manifest.name).toBe(`${BRAND} Account`);
  expect(manifest.short_name).toBe(BRAND);
  expect(manifest.start_url).toBe("/");
  expect(manifest.display).toBe("standalone");
  expect(manifest.icons.map((icon) => icon.src)).toEqual(["/icon.svg", "/apple-icon.png"]);
  // Not sent to /signin by the access rules: a browser fetches them before anyone signs in.
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src, { maxRedirects: 0 });
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toContain(icon.type ?? "image/");
  }
  const vi = await (
    await request.get("/manifest.webmanifest", { headers: { cookie: "LANGUAGE=vi" } })
  ).json();
  expect(vi.name).toBe(`Tài khoản ${BRAND}`);
});

test("/favicon.ico is a real icon, signed out (browsers and mail clients ask for it by that name)", async ({
  request,
}) => {
  const response = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await response.body();
  // An ICO header (reserved 0, type 1) with at least one image.
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});

test("every page links the favicon, the home-screen icon and the manifest", async ({ page }) => {
  await setLang(page, "en");
  await page.goto("/signin");
  await expect(page).toHaveTitle(`Sign in · ${BRAND}`);
  await expect(page.locator('head link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
    "href",
    /^\/icon\.svg/,
  );
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    /^\/apple-icon\.png/,
  );
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", /^\/manifest\.webmanifest/);
});

for (const viewport of Object.values(VIEWPORTS)) {
  test(`the sign-in card shows the logo, named by the brand, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await setLang(page, "vi");
    await page.goto("/signin");
    const logo = page.getByRole("img", { name: BRAND });
    await expect(logo).toBeVisible();
    await expect(logo.locator("img")).toHaveJSProperty("naturalWidth", 32);
    // The letter-in-a-square placeholder is gone.
    await expect(page.getByText(/^Tài khoản$/)).toHaveCount(0);
  });
}

test("the signed-in shell shows the logo: the sidebar at 1280 px, the top bar and the drawer at 390 px", async ({
  page,
}) => {
  await setLang(page, "en");
  await signInDemo(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto("/dashboard");
  const home = page.getByRole("link", { name: BRAND });
  await expect(home).toHaveCount(1);
  await expect(home).toBeVisible();
  await expect(home).toHaveAttribute("href", "/dashboard");

  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto("/dashboard");
  await expect(page.getByRole("banner").getByRole("link", { name: BRAND })).toBeVisible();
  await page.getByRole("button", { name: "Open the menu" }).click();
  await expect(
    page.getByRole("dialog", { name: "Main menu" }).getByRole("img", { name: BRAND }),
  ).toBeVisible();
});

/** The .woff2 files a page downloads, and the script-specific faces the document loaded. */
async function fontsOf(page: Page, lang: string) {
  await setLang(page, lang);
  const woff2: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".woff2")) woff2.push(r.url());
  });
  await page.goto("/signin", { waitUntil: "networkidle" });
  const loadedRanges = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.unicodeRange);
  });
  return { woff2, loadedRanges };
}

for (const { lang, range } of [
  { lang: "th", range: /U\+E01-E5B/i },
  { lang: "my", range: /U\+1000-109F/i },
]) {
  test(`a ${lang} page downloads its script's font and renders with it`, async ({ page }) => {
    const { woff2, loadedRanges } = await fontsOf(page, lang);
    expect(woff2.length).toBeGreaterThan(0);
    for (const url of woff2) expect(new URL(url).origin).toBe(APP); // self-hosted (CSP font-src 'self')
    expect(loadedRanges.some((r) => range.test(r))).toBe(true);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/system-ui/); // the system stack stays behind it for Latin text
    expect(family.startsWith("system-ui")).toBe(false);
  });
}

for (const lang of ["vi", "en", "id"]) {
  test(`a ${lang} page downloads no web font`, async ({ page }) => {
    const { woff2, loadedRanges } = await fontsOf(page, lang);
    expect(woff2).toEqual([]);
    expect(loadedRanges).toEqual([]);
  });
}
