import { describe, expect, it } from "vitest";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { ORIGIN } from "@/tests/setup/api";
import { GET, POST } from "./route";

// The Next route handler (used under `next dev` and `next start`) runs the same dispatch as the
// custom server's fast path, which the end-to-end tests drive.
describe("app/2.0/[...path]/route.ts", () => {
  it("answers POST calls with the envelope and sets the session cookie", async () => {
    const user = await createUser();
    const response = await POST(
      new Request(`${ORIGIN}/2.0/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, host: "portal.test" },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).code).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("SSID="))).toBe(true);
  });

  it("serves the captcha challenge on GET and an envelope for an unknown path", async () => {
    const challenge = await GET(new Request(`${ORIGIN}/2.0/captcha/challenge`));
    expect((await challenge.json()).parameters.algorithm).toBe("PBKDF2/SHA-256");
    const unknown = await GET(new Request(`${ORIGIN}/2.0/nope`));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe(404);
  });
});
