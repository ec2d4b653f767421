import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E } from "../../../playwright.config";
import { axeOf } from "../../support/axe";
import { hydrated } from "../../support/settle";

// Issue 38: /docs/api is one section a page with a side navigation by module and a filter, and
// the package catalog answers any origin. The first view of every section, with an empty cache,
// must transfer at most 300 KB (the document, its scripts, styles and anything else it loads:
// bytes as received, compressed where the server compressed, headers included). Before, the one
// page was 2.77 MB of HTML.

const APP = `http://localhost:${E2E.appPort}`;
/** Another origin: the peers' server (another port is another origin). */
const ELSEWHERE = `http://localhost:${E2E.peerHttpPort}`;
const BUDGET = 300_000;
const PHONE = { width: 390, height: 844 } as const;

type Weight = { transferred: number; decoded: number; requests: number; byType: Record<string, number> };

/** Loads `path` in a fresh context (nothing cached) and adds up what the first view received. */
async function firstView(browser: Browser, path: string): Promise<Weight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished: Promise<void>[] = [];
  const weight: Weight = { transferred: 0, decoded: 0, requests: 0, byType: {} };
  page.on("requestfinished", (request) => {
    finished.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        weight.transferred += bytes;
        weight.decoded += body.length;
        weight.requests += 1;
        const type = request.resourceType();
        weight.byType[type] = (weight.byType[type] ?? 0) + bytes;
      })(),
    );
  });
  const response = await page.goto(`${APP}${path}`);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("load");
  await hydrated(page);
  // Whatever the hydrated page asks for at once (nothing, prefetching being off) counts too.
  await page.waitForTimeout(500);
  await Promise.all(finished);
  await context.close();
  return weight;
}

async function sectionPaths(page: Page): Promise<string[]> {
  await page.goto(`${APP}/docs/api`);
  const hrefs = await page
    .getByRole("navigation", { name: "API reference" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.filter((href) => href.startsWith("/docs/api"));
}

test.describe("the API reference", () => {
  test("every section's first view transfers at most 300 KB", async ({ browser, page }) => {
    test.setTimeout(180_000);
    const paths = await sectionPaths(page);
    expect(paths).toContain("/docs/api");
    expect(paths).toContain("/docs/api/admin");
    expect(paths.length).toBeGreaterThan(15);
    const rows: string[] = [];
    let heaviest = { path: "", transferred: 0 };
    for (const path of paths) {
      const weight = await firstView(browser, path);
      rows.push(
        `${path.padEnd(32)} ${String(weight.transferred).padStart(8)} B received (${weight.requests} requests; ${Object.entries(
          weight.byType,
        )
          .map(([type, bytes]) => `${type} ${bytes}`)
          .join(", ")}), ${weight.decoded} B decoded`,
      );
      if (weight.transferred > heaviest.transferred) heaviest = { path, transferred: weight.transferred };
      expect(weight.transferred, `${path}: ${weight.transferred} bytes`).toBeLessThanOrEqual(BUDGET);
    }
    console.log(`first views (budget ${BUDGET} B):\n${rows.join("\n")}\nheaviest: ${heaviest.path}`);
  });

  test("keyboard: the filter finds a call in another module and opens its module's page", async ({
    page,
  }) => {
    await page.goto(`${APP}/docs/api`);
    await hydrated(page);
    // The first Tab reaches the skip link.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to the reference" })).toBeFocused();
    const nav = page.getByRole("navigation", { name: "API reference" });
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    const filter = nav.getByLabel("Filter calls");
    await filter.focus();
    await page.keyboard.type("order create");
    await expect(nav.getByRole("status")).toContainText(/\d+ calls? match/);
    const result = nav.getByRole("link", { name: /\/2\.0\/order\/create/ });
    await expect(result).toBeVisible();
    await result.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${APP}/docs/api/order#orderCreate`);
    await expect(page.locator("#orderCreate")).toBeInViewport();
    // One module's calls on the page, the module marked current in the navigation.
    const count = await page.getByTestId("api-operation").count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(15);
    await filter.fill("");
    await expect(nav.getByRole("link", { name: /^order/ })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /^auth\b/ })).not.toHaveAttribute("aria-current", "page");
    // A filter with no match says so.
    await filter.fill("zzz-nothing");
    await expect(nav.getByRole("status")).toHaveText("No call matches.");
  });

  test("an anchor of the one-page reference finds its call's page", async ({ page }) => {
    await page.goto(`${APP}/docs/api#orderCreate`);
    await expect(page).toHaveURL(`${APP}/docs/api/order#orderCreate`);
    await expect(page.locator("#orderCreate")).toBeVisible();
  });

  test("no serious accessibility finding on the overview, a module and the error codes", async ({ page }) => {
    for (const path of ["/docs/api", "/docs/api/order", "/docs/api/errors"]) {
      for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${APP}${path}`);
        await hydrated(page);
        const { violations } = await axeOf(page).analyze();
        const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(
          serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          `${path} at ${viewport.width}`,
        ).toEqual([]);
      }
    }
  });

  test("on a phone the navigation folds into a disclosure and nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const path of [
      "/docs/api",
      "/docs/api/admin",
      "/docs/api/order",
      "/docs/api/schemas",
      "/docs/api/errors",
    ]) {
      await page.goto(`${APP}${path}`);
      await hydrated(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
    await page.goto(`${APP}/docs/api`);
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "API reference" });
    const toggle = nav.getByRole("button", { name: /Contents/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByLabel("Filter calls")).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByLabel("Filter calls")).toBeVisible();
    await nav.getByRole("link", { name: /^user/ }).click();
    await expect(page).toHaveURL(`${APP}/docs/api/user`);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toContainText("user");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("user");
  });
});

test.describe("the package catalog from another origin's page", () => {
  test("a page elsewhere reads /2.0/package/list, and cannot read a session call", async ({ page }) => {
    await page.goto(`${ELSEWHERE}/health`);
    const outcome = await page.evaluate(async (app) => {
      const read = async (path: string) => {
        try {
          const response = await fetch(`${app}/2.0${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ app_code: "ls", limit: 1 }),
          });
          return { status: response.status, body: (await response.json()) as { code: number } };
        } catch (error) {
          return { blocked: String(error) };
        }
      };
      return { catalog: await read("/package/list"), session: await read("/auth/userinfo") };
    }, APP);
    expect(outcome.catalog).toMatchObject({ status: 200, body: { code: 200 } });
    // The browser refuses to hand the page an answer that names no origin (CORS).
    expect(outcome.session).toHaveProperty("blocked");
  });
});
