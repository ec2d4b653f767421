import { describe, expect, it, vi } from "vitest";
import { isPublicHost, metrics, openMetricsWarning } from "./metrics";

describe("GET /metrics' registry", () => {
  it("carries the process's figures beside the portal's", async () => {
    metrics().requests.inc({ call: "/auth/userinfo", code: "200" });
    const text = await metrics().registry.metrics();
    for (const name of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_gc_duration_seconds",
      "portal_calls_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^process_resident_memory_bytes\{service="account-portal"\} [1-9]\d*$/m);
  });

  it("registers them once per process, even when the module is loaded again", async () => {
    const first = metrics().registry;
    vi.resetModules();
    const again = await import("./metrics");
    expect(again.metrics().registry).toBe(first);
    const text = await again.metrics().registry.metrics();
    expect(text.match(/^# TYPE process_resident_memory_bytes /gm)).toHaveLength(1);
  });
});

describe("openMetricsWarning", () => {
  const production = { NODE_ENV: "production" as const, METRICS_TOKEN: undefined };

  it("warns in production with a public APP_URL and no METRICS_TOKEN", () => {
    expect(openMetricsWarning({ ...production, APP_URL: "https://portal.example.com" })).toMatch(
      /METRICS_TOKEN/,
    );
    expect(openMetricsWarning({ ...production, APP_URL: "http://203.0.113.7:3000" })).toMatch(
      /METRICS_TOKEN/,
    );
  });

  it("is quiet with a token, outside production, or when APP_URL is unset or not public", () => {
    const url = "https://portal.example.com";
    expect(
      openMetricsWarning({ ...production, APP_URL: url, METRICS_TOKEN: "t".repeat(16) }),
    ).toBeUndefined();
    expect(openMetricsWarning({ NODE_ENV: "development", APP_URL: url })).toBeUndefined();
    expect(openMetricsWarning({ ...production, APP_URL: undefined })).toBeUndefined();
    expect(openMetricsWarning({ ...production, APP_URL: "http://localhost:3000" })).toBeUndefined();
    expect(openMetricsWarning({ ...production, APP_URL: "http://10.1.2.3" })).toBeUndefined();
  });

  it.each([
    "localhost",
    "app.localhost",
    "127.0.0.1",
    "127.8.9.10",
    "[::1]",
    "::1",
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.20",
    "169.254.10.10",
    "100.64.0.1",
    "0.0.0.0",
    "[fd12:3456::1]",
    "[fe80::1]",
    "[::ffff:192.168.0.1]",
  ])("%s is not public", (host) => {
    expect(isPublicHost(host)).toBe(false);
  });

  it.each(["portal.example.com", "8.8.8.8", "172.32.0.1", "192.169.0.1", "[2001:4860:4860::8888]"])(
    "%s is public",
    (host) => {
      expect(isPublicHost(host)).toBe(true);
    },
  );
});
