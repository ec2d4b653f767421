// Node's ICU writes Burmese digits for "my"; browsers often have no Burmese data and write Latin
// ones. Anything rendered on the server and again in the browser must not depend on either.
import { describe, expect, it } from "vitest";
import my from "@/messages/my.json";
import { formatDecimal, formatVnd } from "./format";
import { translator } from "./i18n";
import { formatLocale } from "./locales";

const BURMESE_SEVEN = "\u1047";

function messages(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === "string") return [[path.join("."), node]];
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => messages(value, [...path, key]));
}

describe("Burmese numbers are written the same on the server and in the browser", () => {
  it("formats amounts for my as the browser does without Burmese data", () => {
    expect(formatLocale("my")).toBe("en");
    for (const locale of ["vi", "en", "th", "id"]) expect(formatLocale(locale)).toBe(locale);
    expect(formatVnd(7_250_000, "my")).toBe(formatVnd(7_250_000, "en"));
    expect(formatDecimal(1777.5, "my")).toBe("1,777.50");
  });

  it("no Burmese message formats a number through ICU (# in a plural, {n, number})", () => {
    const t = translator("my");
    const offenders: string[] = [];
    for (const [key, text] of messages(my)) {
      if (!text.includes("{")) continue;
      const counted = new Set(
        [...text.matchAll(/\{\s*(\w+)\s*,\s*(plural|selectordinal|number)/g)].map((m) => m[1]),
      );
      const values: Record<string, string | number> = {};
      for (const m of text.matchAll(/\{\s*(\w+)\s*[,}]/g)) {
        const name = m[1] as string;
        values[name] = counted.has(name) ? 7 : "x";
      }
      const out = t(key, values);
      if (out.includes(BURMESE_SEVEN) && !text.includes(BURMESE_SEVEN)) offenders.push(`${key}: ${out}`);
    }
    expect(offenders).toEqual([]);
  });
});
