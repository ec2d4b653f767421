import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n";
import { LOCALES } from "@/lib/locales";
import { altchaStrings } from "./captcha-strings";

/** The widget's own English texts (altcha 3's built-in `en`): none may show on a page of ours. */
const ALTCHA_ENGLISH = {
  ariaLinkLabel: "Altcha (official website)",
  cancel: "Cancel",
  enterCode: "Enter code",
  enterCodeAria: "Enter code you hear. Press Space to play audio.",
  enterCodeFromImage: "To proceed, please enter the code from the image below.",
  error: "Verification failed. Try again later.",
  expired: "Verification expired. Try again.",
  footer:
    'Protected by <a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="Altcha (official website)">ALTCHA</a>',
  getAudioChallenge: "Get an audio challenge",
  label: "I'm not a robot",
  loading: "Loading...",
  reload: "Reload",
  verify: "Verify",
  verificationRequired: "Verification required!",
  verified: "Verified",
  verifying: "Verifying...",
  waitAlert: "Verifying... please wait.",
};

const stringsFor = (locale: (typeof LOCALES)[number]) => {
  const t = translator(locale);
  return altchaStrings((key, values) => t(`auth.captcha.${key}`, values));
};

describe("altchaStrings: the captcha's words come from our catalog", () => {
  it.each(LOCALES)("%s: every string the widget shows, none a raw key", (locale) => {
    const strings = stringsFor(locale);
    expect(Object.keys(strings).sort()).toEqual(Object.keys(ALTCHA_ENGLISH).sort());
    for (const [key, value] of Object.entries(strings)) {
      expect(value, key).not.toMatch(/auth\.captcha|\{brand\}/);
      expect(value.trim(), key).not.toBe("");
    }
  });

  it.each(LOCALES.filter((l) => l !== "en"))(
    "%s: no English default of the widget shows through",
    (locale) => {
      const strings: Record<string, string> = { ...stringsFor(locale) };
      for (const [key, english] of Object.entries(ALTCHA_ENGLISH)) {
        // "Verify" may be a shared word in some language; the sentences never are.
        expect(strings[key], key).not.toBe(english);
      }
    },
  );

  it.each([
    ["vi", "Tôi không phải là robot", "Được bảo vệ bởi "],
    ["en", "I'm not a robot", "Protected by "],
    ["th", "ฉันไม่ใช่โปรแกรมอัตโนมัติ", "ปกป้องโดย "],
    ["id", "Saya bukan robot", "Dilindungi oleh "],
  ] as const)(
    "%s: label and the 'Protected by ALTCHA' footer in the page's language",
    (locale, label, footer) => {
      const strings = stringsFor(locale);
      expect(strings.label).toBe(label);
      expect(strings.footer.startsWith(footer)).toBe(true);
      expect(strings.footer).toContain('href="https://altcha.org/"');
      expect(strings.footer).toContain(">ALTCHA</a>");
      expect(strings.footer).toContain(`aria-label="${strings.ariaLinkLabel}"`);
    },
  );

  it("Burmese puts the brand first, as its sentence needs", () => {
    expect(stringsFor("my").footer).toMatch(/^<a [^>]+>ALTCHA<\/a> ဖြင့် ကာကွယ်ထားသည်$/);
  });

  it("escapes the catalog's words inside the footer's HTML", () => {
    const strings = altchaStrings((key, values) =>
      key === "footer" ? `<b>by</b> ${values?.brand}` : `"${key}" & <x>`,
    );
    expect(strings.footer).toContain('aria-label="&quot;brandLink&quot; &amp; &lt;x&gt;">ALTCHA</a>');
    expect(strings.footer.startsWith("&lt;b&gt;by&lt;/b&gt; <a ")).toBe(true);
  });
});
