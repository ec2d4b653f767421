import { describe, expect, it, vi } from "vitest";
import {
  acceptedLocale,
  type Locale,
  type LocaleSources,
  pickLocale,
  requestedLocale,
  resolveLocale,
} from "./locales";

describe("requestedLocale (lang / ui_locales from a sibling product)", () => {
  it.each([
    ["lang=en", "en"],
    ["lang=TH", "th"],
    ["ui_locales=my", "my"],
    ["ui_locales=fr%20id%20vi", "id"],
    ["ui_locales=en-US", "en"],
    ["lang=fr&ui_locales=vi", "vi"],
    ["lang=en&ui_locales=vi", "en"],
    ["lang=fr", undefined],
    ["", undefined],
  ])("%s → %s", (query, expected) => {
    expect(requestedLocale(new URLSearchParams(query))).toBe(expected);
  });
});

describe("acceptedLocale (Accept-Language of a server-to-server call)", () => {
  it.each([
    ["en-US,en;q=0.9,vi;q=0.8", "en"],
    ["fr-FR,fr;q=0.9,th;q=0.5", "th"],
    ["vi;q=0.2, id;q=0.7", "id"],
    ["my", "my"],
    ["en;q=0, vi", "vi"],
    ["fr, de", undefined],
    ["", undefined],
  ])("%s → %s", (header, expected) => {
    expect(acceptedLocale(header)).toBe(expected);
  });
});

describe("acceptedLocale (the rule's Accept-Language step)", () => {
  it.each([
    ["fr;q=1, th;q=0.8, en;q=0.5", "th"],
    ["en-US", "en"],
    ["th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7", "th"],
    ["*", undefined],
    ["*;q=1, id;q=0.1", "id"],
  ])("%s → %s", (header, expected) => {
    expect(acceptedLocale(header)).toBe(expected);
  });
});

describe("pickLocale: explicit → LANGUAGE cookie → saved language → Accept-Language → vi", () => {
  it.each<[string, LocaleSources, Locale]>([
    ["nothing at all", {}, "vi"],
    ["Accept-Language alone", { acceptLanguage: "th-TH,th;q=0.9" }, "th"],
    ["Accept-Language by quality", { acceptLanguage: "fr;q=1, th;q=0.8, en;q=0.5" }, "th"],
    ["Accept-Language naming none of the five", { acceptLanguage: "fr, de;q=0.5" }, "vi"],
    ["saved beats Accept-Language", { saved: "id", acceptLanguage: "en" }, "id"],
    ["cookie beats saved", { cookie: "my", saved: "id", acceptLanguage: "en" }, "my"],
    ["explicit beats cookie", { explicit: "en", cookie: "my", saved: "id", acceptLanguage: "th" }, "en"],
    ["explicit as a region tag", { explicit: "en-US", cookie: "th" }, "en"],
    ["explicit in capitals", { explicit: "TH" }, "th"],
    ["an unknown explicit falls through to the cookie", { explicit: "fr", cookie: "th" }, "th"],
    ["an unknown cookie falls through to saved", { cookie: "klingon", saved: "my" }, "my"],
    ["an empty cookie falls through", { cookie: "", acceptLanguage: "id" }, "id"],
    ["an unknown saved value falls through", { saved: "fr", acceptLanguage: "en-GB" }, "en"],
    ["explicit vi beats an English browser", { explicit: "vi", acceptLanguage: "en-US" }, "vi"],
  ])("%s", (_name, sources, expected) => {
    expect(pickLocale(sources)).toBe(expected);
  });
});

describe("resolveLocale (saved language looked up only when needed)", () => {
  it("does not look the person up when the explicit choice or the cookie decides", async () => {
    const saved = vi.fn(async () => "id");
    expect(await resolveLocale({ explicit: "en", acceptLanguage: "th" }, saved)).toBe("en");
    expect(await resolveLocale({ cookie: "my", acceptLanguage: "th" }, saved)).toBe("my");
    expect(saved).not.toHaveBeenCalled();
  });

  it("asks for the saved language otherwise, and falls back to Accept-Language without one", async () => {
    expect(await resolveLocale({ acceptLanguage: "th" }, async () => "id")).toBe("id");
    expect(await resolveLocale({ cookie: "fr", acceptLanguage: "th" }, async () => undefined)).toBe("th");
    expect(await resolveLocale({}, async () => null)).toBe("vi");
  });
});
