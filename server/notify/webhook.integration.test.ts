import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { call } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

// A real HTTP receiver plays the SMS and ZNS providers' webhook.
type Hook = {
  channel: string;
  to: string;
  lang: string;
  text: string;
  template: string;
  params: { code: string };
};
const received: Hook[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const hook = JSON.parse(body) as Hook;
      received.push(hook);
      res.statusCode = hook.to === "0999999999" ? 500 : 200;
      res.end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  Object.assign(process.env, {
    SMS_PROVIDER: "webhook",
    SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`,
    ZNS_PROVIDER: "webhook",
    ZNS_WEBHOOK_URL: `http://127.0.0.1:${port}/zns`,
  });
  resetEnvForTests();
});

afterAll(() => {
  server.close();
  for (const k of ["SMS_PROVIDER", "SMS_WEBHOOK_URL", "ZNS_PROVIDER", "ZNS_WEBHOOK_URL"])
    delete process.env[k];
  resetEnvForTests();
});

describe("one-time codes over SMS and ZNS webhooks", () => {
  it.each(["SMS", "ZNS"] as const)(
    "sends the %s code to the phone in the person's language and verifies it",
    async (channel) => {
      // A phone of its own per case: once verified, a phone belongs to that account (a second
      // sign-up with it would be answered as new and never verify).
      const phone = channel === "SMS" ? "0987111222" : "0987111333";
      const { response } = await signUp({ verify_type: channel, phone, lang: "en" });
      expect(response.body.code).toBe(200);
      const hook = received.at(-1);
      expect(hook?.channel).toBe(channel);
      expect(hook?.to).toBe(phone);
      expect(hook?.lang).toBe("en");
      expect(hook?.template).toBe("otp");
      expect(hook?.text).toContain(hook?.params.code);
      expect(hook?.text).toMatch(/Your verification code/);
      const token = String((response.body.data as { token: string }).token);
      const verified = await call("/auth/verify-account", { token, code: hook?.params.code });
      expect(verified.body.code).toBe(200);
      const me = await call("/auth/userinfo", {}, { cookie: verified.cookie });
      expect((me.body.data as { is_verify_phone: boolean }).is_verify_phone).toBe(true);
    },
  );

  it("keeps the sign-up when the provider fails, and says the code may be late", async () => {
    const { response } = await signUp({ verify_type: "SMS", phone: "0999999999", lang: "en" });
    expect(response.body.code).toBe(200);
    expect(response.body.message).toBe(
      "Sending is slow right now: your code may take a few minutes to arrive",
    );
    const data = response.body.data as { delivery_delayed: boolean; redirect_url: string };
    expect(data.delivery_delayed).toBe(true);
    expect(new URL(data.redirect_url, "http://x").pathname).toBe("/verify-account");
  });
});
