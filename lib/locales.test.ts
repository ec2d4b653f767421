import { describe, expect, it } from "vitest";
import { acceptedLocale, requestedLocale } from "./locales";

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
