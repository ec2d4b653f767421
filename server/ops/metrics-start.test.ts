// Operations finding 8: the series an alert reads exist at 0 from the start (a series that appears
// with its first increment hides that increment from increase()), and the pool and outbox-age
// gauges are there to read.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startCallSeries } from "@/server/http/dispatch";
import { metrics, observePool, readOutboxOldestWith } from "./metrics";
import { knownRoutes, routeTableOf } from "./routes";

/** The value of the series `name{labels}` in the exposition text (labels as written, service last). */
function seriesValue(text: string, name: string, labels: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${labels},service="account-portal"} `));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe("/metrics right after start", () => {
  it("has every call's success and error series, and every sign-in result, at 0", async () => {
    startCallSeries();
    const text = await metrics().registry.metrics();
    expect(seriesValue(text, "portal_calls_total", 'call="/auth/signin",code="500"')).toBe(0);
    expect(seriesValue(text, "portal_calls_total", 'call="/auth/signin",code="200"')).toBe(0);
    expect(seriesValue(text, "portal_calls_total", 'call="/auth/userinfo",code="500"')).toBe(0);
    expect(seriesValue(text, "portal_signins_total", 'result="error"')).toBe(0);
    expect(seriesValue(text, "portal_signins_total", 'result="throttled"')).toBe(0);
  });

  it("has the known delivery failures and payment outcomes at 0", async () => {
    const text = await metrics().registry.metrics();
    expect(
      seriesValue(text, "portal_outbox_failures_total", 'kind="message",channel="EMAIL",vendor="smtp"'),
    ).toBe(0);
    expect(
      seriesValue(text, "portal_outbox_failures_total", 'kind="event",channel="webhook",vendor="product"'),
    ).toBe(0);
    expect(seriesValue(text, "portal_payment_outcomes_total", 'gateway="VNPAY",outcome="paid"')).toBe(0);
    expect(seriesValue(text, "portal_payment_outcomes_total", 'gateway="ZALOPAY",outcome="failed"')).toBe(0);
  });

  it("has every built page route's series at 0, by pattern", async () => {
    const table = routeTableOf({
      staticRoutes: [{ page: "/signin", regex: "^/signin(?:/)?$" }],
      dynamicRoutes: [
        { page: "/admin/orders/[id]", regex: "^/admin/orders/([^/]+?)(?:/)?$" },
        { page: "/2.0/[...path]", regex: "^/2\\.0/(.+?)(?:/)?$" },
      ],
    });
    metrics().startPageSeries(knownRoutes(table));
    const text = await metrics().registry.metrics();
    expect(seriesValue(text, "portal_page_requests_total", 'route="/signin",status="500"')).toBe(0);
    expect(seriesValue(text, "portal_page_requests_total", 'route="/admin/orders/[id]",status="200"')).toBe(
      0,
    );
    // The BFF's catch-all is counted by call, not as a page.
    expect(text).not.toContain('route="/2.0/[...path]"');
  });

  it("reads the database pool's connections and waiters, and the oldest undelivered message's age", async () => {
    // Never connects: a pool's counts are there before its first query.
    const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 3 });
    observePool(pool);
    observePool(pool); // once per process, however often it is called
    readOutboxOldestWith(async () => 42.5);
    const text = await metrics().registry.metrics();
    expect(seriesValue(text, "portal_db_pool_connections", 'state="total"')).toBe(0);
    expect(seriesValue(text, "portal_db_pool_connections", 'state="idle"')).toBe(0);
    expect(text).toMatch(/^portal_db_pool_waiting\{service="account-portal"\} 0$/m);
    expect(text).toMatch(/^portal_outbox_oldest_undelivered_seconds\{service="account-portal"\} 42\.5$/m);
    await pool.end();
  });
});
