// "The screen has settled": hydrated, its data requests answered, no list loading. What the specs
// waited for with Playwright's `networkidle`, which always pauses 500 ms after the last request
// (half the tour's time went to that pause); here the quiet window is short because hydration is
// known (components/layout/hydrated-mark.tsx) instead of guessed from the network.
import { expect, type Page, type Request } from "@playwright/test";

const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting `page`'s fetch/XHR requests; call once, before its first navigation. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on("request", (r) => {
    if (r.resourceType() === "fetch" || r.resourceType() === "xhr") open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  // A navigation abandons the old document's requests (they may never report an end).
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) open.clear();
  });
}

/**
 * Waits until the page is hydrated and, for `quietMs` in a row, has no fetch/XHR request open and
 * no busy list (`aria-busy` tables and card lists). Needs trackRequests(page) first.
 */
export async function settled(
  page: Page,
  options: { quietMs?: number; timeout?: number } = {},
): Promise<void> {
  const { quietMs = 150, timeout } = options;
  const open = inFlight.get(page);
  if (!open) throw new Error("settled(page) needs trackRequests(page) before the page navigates");
  await page.waitForLoadState("load");
  await hydrated(page, timeout);
  // The list framework's table and phone cards say aria-busy while they load (components/list).
  const busy = page.locator('table[aria-busy="true"], [data-testid="list-cards"][aria-busy="true"]');
  let quietSince = 0;
  await expect
    .poll(
      async () => {
        const idle = open.size === 0 && (await busy.count()) === 0;
        if (!idle) quietSince = 0;
        else if (quietSince === 0) quietSince = Date.now();
        return idle && Date.now() - quietSince >= quietMs;
      },
      { intervals: [50], timeout },
    )
    .toBe(true);
}

/**
 * Waits for the page's hydration mark: a click before React has hydrated the page is lost (the
 * button has no handler yet). Specs call it before clicking right after a navigation they did not wait on.
 */
export async function hydrated(page: Page, timeout?: number): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout });
}
