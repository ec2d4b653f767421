import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import th from "@/messages/th.json";
import { sendMessage } from "@/server/notify/send";
import { createUser } from "@/tests/factories/user";
import { startSmtpPeer } from "@/tests/peers/smtp";
import { call, outbox } from "@/tests/setup/api";
import { withEnv } from "@/tests/support/env";

// The whole path a service's email takes (here a reset link): composed in the person's language,
// rendered to HTML beside today's text, and sent as both parts.

beforeEach(() => {
  resetLimitsForTests();
});

describe("an email", () => {
  it("reaches the SMTP peer as multipart/alternative with the text and the branded HTML", async () => {
    const peer = await startSmtpPeer();
    try {
      const user = await createUser({ language: "th" });
      await withEnv({ SMTP_URL: `smtp://127.0.0.1:${peer.port}`, BRAND_NAME: "Acme Cloud" }, async () => {
        const res = await call("/user/forgotten-pass", { email: user.email }, { ip: "10.9.0.1" });
        expect(res.body.code).toBe(200);
      });
      const mail = peer.mails.find((m) => m.to.includes(user.email.toLowerCase()));
      expect(mail?.contentType).toBe("multipart/alternative");
      expect(mail?.subject).toBe(th.notify.reset.subject);
      const link = /https?:\/\/\S+\/resetpass\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
      expect(link).toBeTruthy();
      // The text part is the message's text as before; the HTML carries the same link, in Thai, branded.
      expect(mail?.text).toContain(th.notify.reset.email.split("\n")[0]);
      expect(mail?.html).toContain(`href="${link}"`);
      expect(mail?.html).toContain('lang="th"');
      expect(mail?.html).toContain("Acme Cloud");
      expect(mail?.html).toContain(th.notifyEmail.reset.button);
    } finally {
      await peer.close();
    }
  });

  it("keeps its HTML part in the file outbox when no SMTP server is set", async () => {
    const user = await createUser({ language: "vi" });
    await call("/user/forgotten-pass", { email: user.email }, { ip: "10.9.0.2" });
    const mail = outbox().find((m) => m.to === user.email);
    expect(mail?.text).toContain(mail?.params.link);
    expect(mail?.html).toContain(`href="${mail?.params.link}"`);
    expect(mail?.html).toContain('lang="vi"');
  });

  it("is the only kind of message with an HTML part: an SMS stays text", async () => {
    const to = `+849${String(Date.now()).slice(-8)}`;
    await sendMessage({
      channel: "SMS",
      to,
      lang: "vi",
      subject: "",
      text: "Ma xac thuc cua ban la 123456",
      template: "otp",
      params: { code: "123456", minutes: 10 },
    });
    const sms = outbox().find((m) => m.to === to);
    expect(sms?.text).toBe("Ma xac thuc cua ban la 123456");
    expect(sms).not.toHaveProperty("html");
  });
});
