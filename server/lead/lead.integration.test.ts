import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { call } from "@/tests/setup/api";

// A real HTTP receiver plays the form service behind LEAD_CAPTURE_URL.
type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: unknown };
type Data = Record<string, unknown> & { delivered?: boolean; enabled?: boolean; error?: string };

const received: Received[] = [];
/** What the receiver answers next: a status, or "hang" to never answer. */
let answer: number | "hang" = 200;
let server: Server;
let url = "";

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const s = createServer(handler);
  return new Promise((resolve) =>
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      resolve({ server: s, url: `http://127.0.0.1:${port}/capture` });
    }),
  );
}

function setLeadUrl(value: string | undefined): void {
  if (value === undefined) delete process.env.LEAD_CAPTURE_URL;
  else process.env.LEAD_CAPTURE_URL = value;
  resetEnvForTests();
}

const DATA_KEY = "abcDEF1234";
const fields = {
  fullname: "Nguyễn Văn A",
  email: "lead@example.com",
  phone: "0912345678",
  url_page: "https://www.example.com/landing?x=1",
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "spring",
  utm_term: "portal",
  utm_content: "banner-1",
};

beforeAll(async () => {
  const started = await listen((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(body || "null"),
      });
      if (answer === "hang") return;
      res.statusCode = answer;
      res.end("{}");
    });
  });
  server = started.server;
  url = started.url;
  // Set before the first call of this file reads the configuration.
  setLeadUrl(url);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  setLeadUrl(undefined);
});

beforeEach(() => {
  received.length = 0;
  answer = 200;
  resetLimitsForTests();
});

afterEach(() => {
  // A test may have pointed the portal elsewhere.
  setLeadUrl(url);
});

describe("/lead/capture", () => {
  it("forwards the final send (status_send 2) as the SPEC form-capture record", async () => {
    const res = await call("/lead/capture", { status_send: 2, data_key: DATA_KEY, ...fields });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ delivered: true, enabled: true });

    expect(received).toHaveLength(1);
    const got = received[0] as Received;
    expect(got.method).toBe("POST");
    expect(got.url).toBe("/capture");
    expect(got.headers["content-type"]).toContain("application/json");
    expect(got.body).toEqual({
      form_config_id: expect.any(String),
      ladi_form_id: expect.any(String),
      ladipage_id: expect.any(String),
      tracking_form: {
        url_page: fields.url_page,
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "spring",
        utm_term: "portal",
        utm_content: "banner-1",
      },
      form_data: { name: fields.fullname, email: fields.email, phone: fields.phone },
      status_send: 2,
      time_zone: 7,
      data_key: DATA_KEY,
    });
    const body = got.body as Record<string, string>;
    for (const id of ["form_config_id", "ladi_form_id", "ladipage_id"]) expect(body[id]).not.toBe("");
  });

  it("forwards a partial send (status_send 1) with the fields it has, the others empty", async () => {
    const res = await call("/lead/capture", {
      status_send: 1,
      data_key: DATA_KEY,
      email: "early@example.com",
    });
    expect(res.body.code).toBe(200);
    expect((res.body.data as Data).delivered).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toMatchObject({
      tracking_form: {
        url_page: "",
        utm_source: "",
        utm_medium: "",
        utm_campaign: "",
        utm_term: "",
        utm_content: "",
      },
      form_data: { name: "", email: "early@example.com", phone: "" },
      status_send: 1,
      time_zone: 7,
      data_key: DATA_KEY,
    });
  });

  it("sends the partial and the final record under the same data_key and form ids", async () => {
    await call("/lead/capture", { status_send: 1, data_key: DATA_KEY, phone: fields.phone });
    await call("/lead/capture", { status_send: 2, data_key: DATA_KEY, ...fields });
    expect(received.map((r) => (r.body as { status_send: number }).status_send)).toEqual([1, 2]);
    const [first, second] = received.map((r) => r.body as Record<string, unknown>);
    expect(first?.data_key).toBe(second?.data_key);
    for (const id of ["form_config_id", "ladi_form_id", "ladipage_id"])
      expect(first?.[id]).toBe(second?.[id]);
  });

  it("still succeeds when the form service answers 500", async () => {
    answer = 500;
    const res = await call("/lead/capture", { status_send: 2, data_key: DATA_KEY, ...fields });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ delivered: false, enabled: true });
    expect(received).toHaveLength(1);
  });

  it("still succeeds when the form service is down", async () => {
    const closed = await listen((_req, res) => res.end());
    await new Promise((r) => closed.server.close(r));
    setLeadUrl(closed.url);
    const res = await call("/lead/capture", { status_send: 1, data_key: DATA_KEY, email: "a@example.com" });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ delivered: false, enabled: true });
  });

  it("gives up on a form service that never answers, within a few seconds", async () => {
    answer = "hang";
    const started = Date.now();
    const res = await call("/lead/capture", { status_send: 2, data_key: DATA_KEY, ...fields });
    const elapsed = Date.now() - started;
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ delivered: false, enabled: true });
    expect(received).toHaveLength(1);
    expect(elapsed).toBeLessThan(10_000);
    server.closeAllConnections();
  });

  it("is off, and sends nothing, when LEAD_CAPTURE_URL is unset", async () => {
    setLeadUrl(undefined);
    const res = await call("/lead/capture", { status_send: 2, data_key: DATA_KEY, ...fields });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect((res.body.data as Data).enabled).toBe(false);
    expect((res.body.data as Data).delivered).toBe(false);
    expect(received).toHaveLength(0);
  });

  it("validates data_key and status_send and sends nothing for a bad call", async () => {
    const nine = await call("/lead/capture", { status_send: 2, data_key: "abcDEF123", ...fields });
    expect(nine.status).toBe(400);
    expect(nine.body.code).toBe(400);
    expect((nine.body.data as Data & { fields?: Record<string, string> }).fields?.data_key).toBeTruthy();

    for (const data_key of ["abcDEF12345", "abcDEF-234", "", undefined]) {
      const res = await call("/lead/capture", { status_send: 1, data_key });
      expect(res.body.code, String(data_key)).toBe(400);
    }
    for (const status_send of [0, 3, "2", undefined]) {
      const res = await call("/lead/capture", { status_send, data_key: DATA_KEY });
      expect(res.body.code, String(status_send)).toBe(400);
      expect((res.body.data as Data & { fields?: Record<string, string> }).fields?.status_send).toBeTruthy();
    }
    const long = await call("/lead/capture", {
      status_send: 1,
      data_key: DATA_KEY,
      fullname: "a".repeat(101),
    });
    expect(long.body.code).toBe(400);
    expect(received).toHaveLength(0);
  });

  it("throttles per IP (60 an hour)", async () => {
    for (let i = 0; i < 60; i++) {
      const ok = await call("/lead/capture", { status_send: 1, data_key: DATA_KEY }, { ip: "10.7.0.1" });
      expect(ok.body.code).toBe(200);
    }
    const over = await call("/lead/capture", { status_send: 1, data_key: DATA_KEY }, { ip: "10.7.0.1" });
    expect(over.status).toBe(429);
    expect((over.body.data as Data).error).toBe("RATE_LIMITED");
    expect(received).toHaveLength(60);
    expect(
      (await call("/lead/capture", { status_send: 1, data_key: DATA_KEY }, { ip: "10.7.0.2" })).body.code,
    ).toBe(200);
  });
});
