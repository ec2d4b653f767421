import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n";
import { LOCALES, type Locale } from "@/lib/locales";
import { setUpEnv } from "@/tests/support/env";
import { MESSAGE_TEMPLATES, type MessageTemplate, type OutgoingMessage } from "../message";
import { emailBrand } from "./brand";
import { renderEmailHtml } from "./render";

setUpEnv({ BRAND_NAME: "Acme Cloud", BRAND_LOGO_URL: undefined, APP_URL: "https://id.acme.test" });

const LINK = "https://id.acme.test/resetpass?token=tok_9f8e7d";
const DEVICE = { browser: "Firefox 140", os: "Ubuntu", ip: "203.0.113.7", time: "28/11/2026 16:20" };

/** Each kind as its caller composes it (subject and text from `notify.*`), with the values the HTML must show. */
const SAMPLES: Record<
  MessageTemplate,
  { subject: string; text: string; params: Record<string, string | number>; shown: string[] }
> = {
  otp: {
    subject: "otp.subject",
    text: "otp.email",
    params: { code: "482913", minutes: 10 },
    shown: ["482913"],
  },
  reset_password: {
    subject: "reset.subject",
    text: "reset.email",
    params: { link: LINK, minutes: 30 },
    shown: [LINK],
  },
  verify_email: {
    subject: "verifyEmail.subject",
    text: "verifyEmail.email",
    params: { link: LINK, name: "Lan Nguyễn" },
    shown: [LINK, "Lan Nguyễn"],
  },
  new_device: {
    subject: "newDevice.subject",
    text: "newDevice.email",
    params: DEVICE,
    shown: Object.values(DEVICE),
  },
  operator_second_factor: {
    subject: "operatorSecondFactor.subject",
    text: "operatorSecondFactor.email",
    params: { method: "Passkey", ...DEVICE },
    shown: ["Passkey", ...Object.values(DEVICE)],
  },
  signup_attempt: {
    subject: "signupAttempt.subject",
    text: "signupAttempt.phone",
    params: {
      signin: "https://id.acme.test/signin",
      reset: "https://id.acme.test/forgottenpass",
      phone: "+84 *** 789",
    },
    shown: ["https://id.acme.test/signin", "https://id.acme.test/forgottenpass", "+84 *** 789"],
  },
  data_export_ready: {
    subject: "dataExportReady.subject",
    text: "dataExportReady.email",
    params: { link: "https://id.acme.test/account/profile/export?token=exp_1", hours: 24 },
    shown: ["https://id.acme.test/account/profile/export?token=exp_1"],
  },
};

function message(template: MessageTemplate, lang: Locale): OutgoingMessage {
  const t = translator(lang);
  const sample = SAMPLES[template];
  return {
    channel: "EMAIL",
    to: "lan@example.com",
    lang,
    subject: t(`notify.${sample.subject}`, sample.params),
    text: t(`notify.${sample.text}`, sample.params),
    template,
    params: sample.params,
  };
}

describe("the HTML part of every email", () => {
  for (const template of MESSAGE_TEMPLATES) {
    for (const lang of LOCALES) {
      it(`${template} in ${lang}: branded, translated, with the text part's values`, async () => {
        const mail = message(template, lang);
        const html = await renderEmailHtml(mail);
        expect(html).toContain(`lang="${lang}"`);
        expect(html).toContain('dir="ltr"');
        expect(html).toContain("Acme Cloud");
        expect(html).toContain('src="https://id.acme.test/apple-icon.png"');
        for (const value of SAMPLES[template].shown) {
          expect(html).toContain(value);
          // The text part (today's text) carries the same code or link.
          if (value.startsWith("http") || /^\d{6}$/.test(value)) expect(mail.text).toContain(value);
        }
        // No catalog key left untranslated, no value left unfilled.
        expect(html).not.toMatch(/notify(Email)?\.[a-zA-Z]/);
        expect(html).not.toMatch(/\{[a-z]+\}/);
        expect(mail.text).not.toMatch(/notify\.|\{[a-z]+\}/);
      });
    }
  }

  it("shows the code as selectable monospace text and each link as a button and written out", async () => {
    const code = await renderEmailHtml(message("otp", "en"));
    expect(code).toMatch(
      /<p[^>]*font-family:ui-monospace[^>]*letter-spacing:0\.3em[^>]*user-select:all[^>]*>482913<\/p>/,
    );
    const signup = await renderEmailHtml(message("signup_attempt", "vi"));
    for (const link of ["https://id.acme.test/signin", "https://id.acme.test/forgottenpass"]) {
      // The button and the written-out link.
      expect(signup.split(`href="${link}"`)).toHaveLength(3);
      expect(signup).toContain(`>${link}</a>`);
    }
  });

  it("names the email's language's words, not another's", async () => {
    const vi = await renderEmailHtml(message("reset_password", "vi"));
    expect(vi).toContain("Đặt mật khẩu mới");
    const th = await renderEmailHtml(message("reset_password", "th"));
    expect(th).toContain("ตั้งรหัสผ่านใหม่");
    expect(th).not.toContain("Đặt mật khẩu mới");
  });

  it("signup_attempt about an email names no phone", async () => {
    const t = translator("en");
    const params = {
      signin: "https://id.acme.test/signin",
      reset: "https://id.acme.test/forgottenpass",
      phone: "",
    };
    const html = await renderEmailHtml({ lang: "en", template: "signup_attempt", params });
    expect(html).toContain(t("notifyEmail.signupAttempt.introEmail"));
    expect(html).not.toContain(t("notifyEmail.signupAttempt.introPhone", { phone: "" }));
  });

  it("refuses a message that lacks a value its email shows", async () => {
    await expect(renderEmailHtml({ lang: "en", template: "otp", params: { minutes: 10 } })).rejects.toThrow(
      /"code"/,
    );
  });
});

describe("the mark an email carries", () => {
  const base = { BRAND_NAME: "Acme", APP_URL: undefined };

  it("is BRAND_LOGO_URL when it is an address", async () => {
    const logo = "https://cdn.acme.test/mark.png";
    expect(await emailBrand({ ...base, BRAND_LOGO_URL: logo, APP_URL: "https://id.acme.test" })).toEqual({
      name: "Acme",
      logoSrc: logo,
    });
  });

  it("is a path on APP_URL, the portal's own mark as its PNG (mail clients show no SVG)", async () => {
    const config = { ...base, APP_URL: "https://id.acme.test/" };
    expect((await emailBrand({ ...config, BRAND_LOGO_URL: "/icon.svg" })).logoSrc).toBe(
      "https://id.acme.test/apple-icon.png",
    );
    expect((await emailBrand({ ...config, BRAND_LOGO_URL: "/brand/acme.png" })).logoSrc).toBe(
      "https://id.acme.test/brand/acme.png",
    );
  });

  it("without APP_URL is the portal's own mark embedded, or none for an operator's path", async () => {
    expect((await emailBrand({ ...base, BRAND_LOGO_URL: "/icon.svg" })).logoSrc).toMatch(
      /^data:image\/png;base64,iVBOR/,
    );
    expect((await emailBrand({ ...base, BRAND_LOGO_URL: "/brand/acme.png" })).logoSrc).toBeUndefined();
  });
});
