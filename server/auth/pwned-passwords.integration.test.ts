// PWNED_PASSWORDS_URL against a local peer that speaks Pwned Passwords' range protocol
// (GET /range/{5 hex}, `Add-Padding: true`, lines `SUFFIX:COUNT`, padding lines of count 0).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";
import { PWNED_TIMEOUT_MS, passwordSha1, pwnedCount } from "./pwned-range";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string> };

/** Not on the local list; the peer knows it from "a breach". */
const BREACHED = "Kangaroo-Sunset-1987";
/** Not on the local list; the peer's answer holds its suffix only as a padding line (count 0). */
const PADDED = "Quiet lantern over the harbour 42";
const STRONG = "Mây trắng bay qua đồi 7";

const requests: { url?: string; headers: IncomingHttpHeaders }[] = [];
/** What the peer does next: answer, hang past the time-out, or fail. */
let mode: "answer" | "hang" | "fail" = "answer";
let server: Server;
let baseUrl = "";

/** The range answer for a prefix: the known hashes' suffixes with counts, then padding. */
function rangeBody(prefix: string): string {
  const lines: string[] = [];
  for (const [password, count] of [
    [BREACHED, 4821],
    [PADDED, 0],
  ] as const) {
    const hash = passwordSha1(password);
    if (hash.startsWith(prefix)) lines.push(`${hash.slice(5)}:${count}`);
  }
  for (let i = 0; i < 5; i += 1) lines.push(`${"0".repeat(34)}${i}:0`);
  return lines.join("\r\n");
}

function setPwnedUrl(value: string | undefined): void {
  if (value === undefined) delete process.env.PWNED_PASSWORDS_URL;
  else process.env.PWNED_PASSWORDS_URL = value;
  resetEnvForTests();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url, headers: req.headers });
    if (mode === "hang") return;
    const match = /^\/range\/([0-9A-F]{5})$/.exec(req.url ?? "");
    if (mode === "fail" || !match?.[1]) {
      res.statusCode = mode === "fail" ? 503 : 400;
      res.end();
      return;
    }
    res.setHeader("content-type", "text/plain");
    res.end(rangeBody(match[1]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setPwnedUrl(baseUrl);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  setPwnedUrl(undefined);
});

beforeEach(() => {
  requests.length = 0;
  mode = "answer";
  resetLimitsForTests();
});

describe("the range client", () => {
  it("sends only the hash's first 5 characters, asks for padding, and reads the count", async () => {
    expect(await pwnedCount(BREACHED, { baseUrl })).toBe(4821);
    const hash = passwordSha1(BREACHED);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`/range/${hash.slice(0, 5)}`);
    expect(requests[0]?.headers["add-padding"]).toBe("true");
    const sent = JSON.stringify(requests);
    expect(sent).not.toContain(hash.slice(5));
    expect(sent).not.toContain(BREACHED);
  });

  it("ignores a padding line (count 0) for the password's own suffix", async () => {
    expect(await pwnedCount(PADDED, { baseUrl: `${baseUrl}/` })).toBe(0);
  });
});

describe("/2.0 with PWNED_PASSWORDS_URL", () => {
  it("sign-up refuses a password the service knows from a breach, on the password field", async () => {
    const { response } = await signUp({ password: BREACHED, lang: "en" });
    expect(response.status).toBe(400);
    expect((response.body.data as Data).fields).toEqual({ password: en.passwordCheck.breached });
    expect(requests.map((r) => r.url)).toEqual([`/range/${passwordSha1(BREACHED).slice(0, 5)}`]);
  });

  it("sign-up accepts a password whose suffix came back only as padding", async () => {
    const { response } = await signUp({ password: PADDED });
    expect(response.body.code, JSON.stringify(response.body)).toBe(200);
    expect(requests).toHaveLength(1);
  });

  it("a common password is refused by the local list without asking the service", async () => {
    const { response } = await signUp({ password: "Password123", lang: "en" });
    expect((response.body.data as Data).fields).toEqual({ password: en.passwordCheck.common });
    expect(requests).toEqual([]);
  });

  it("change password refuses a breached password on new_password", async () => {
    const user = await createUser();
    const { cookie } = await call("/auth/signin", { email: user.email, password: PASSWORD });
    const res = await call<Data>(
      "/user/change-password",
      { old_password: PASSWORD, new_password: BREACHED, confirm_password: BREACHED, lang: "en" },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({ new_password: en.passwordCheck.breached });
  });

  it("a service that fails lets the local list decide", async () => {
    mode = "fail";
    const { response } = await signUp({ password: BREACHED });
    expect(response.body.code, JSON.stringify(response.body)).toBe(200);
    expect(requests).toHaveLength(1);
  });

  it(
    "a service that hangs past 2 s: sign-up and change password succeed on the local check",
    async () => {
      mode = "hang";
      const started = Date.now();
      const { response } = await signUp({ password: BREACHED });
      const waited = Date.now() - started;
      expect(response.body.code, JSON.stringify(response.body)).toBe(200);
      expect(waited).toBeGreaterThanOrEqual(PWNED_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(PWNED_TIMEOUT_MS + 3000);

      const user = await createUser();
      const { cookie } = await call("/auth/signin", { email: user.email, password: PASSWORD });
      const changed = await call(
        "/user/change-password",
        { old_password: PASSWORD, new_password: STRONG, confirm_password: STRONG },
        { cookie },
      );
      expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
      // The local list still decides while the service hangs.
      const common = await signUp({ password: "iloveyou", lang: "en" });
      expect((common.response.body.data as Data).fields).toEqual({ password: en.passwordCheck.common });
    },
    PWNED_TIMEOUT_MS * 4 + 5000,
  );
});
