import { describe, expect, it } from "vitest";
import { requestedLocale } from "./locales";

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
