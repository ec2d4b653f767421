import { describe, expect, it } from "vitest";
import { formatCountdown, RETRY_TIME } from "./countdown";
import { retryAfterOf } from "./http/envelope";
import { translator } from "./i18n";
import { LOCALES } from "./locales";

describe("formatCountdown (m:ss)", () => {
  it.each([
    [60, "1:00"],
    [59, "0:59"],
    [65, "1:05"],
    [9, "0:09"],
    [0, "0:00"],
    [300, "5:00"],
    [299, "4:59"],
    [3600, "60:00"],
  ])("%d s reads %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it("never shows a negative, fractional or missing time", () => {
    expect(formatCountdown(-3)).toBe("0:00");
    expect(formatCountdown(4.2)).toBe("0:05");
    expect(formatCountdown(Number.NaN)).toBe("0:00");
  });
});

/** What the form shows: the catalog's text with its {time} as m:ss (components/forms/retry-wait.tsx). */
const retryText = (template: string, seconds: number) =>
  template.replace(RETRY_TIME, formatCountdown(seconds));

describe("a throttled form's wait (issue 39)", () => {
  it("says the server's 892 seconds as 14:52 in every language's own sentence", () => {
    const sentences = new Set<string>();
    for (const locale of LOCALES) {
      const template = translator(locale)("throttle.retryIn", { time: RETRY_TIME });
      expect(template, locale).toContain(RETRY_TIME);
      const said = retryText(template, 892);
      expect(said, locale).toContain("14:52");
      expect(said, locale).not.toContain("892");
      sentences.add(said);
    }
    expect(sentences.size).toBe(LOCALES.length);
    expect(retryText(translator("en")("throttle.retryIn", { time: RETRY_TIME }), 65)).toBe(
      "Too many attempts. Try again in 1:05",
    );
  });

  it("reads the wait from the envelope's data.retry_after, and nothing else", () => {
    expect(retryAfterOf({ data: { error: "RATE_LIMITED", retry_after: 892 } })).toBe(892);
    expect(retryAfterOf({ data: { error: "RATE_LIMITED", retry_after: 1.2 } })).toBe(2);
    expect(retryAfterOf({ data: { error: "AUTH_INVALID_CREDENTIALS" } })).toBe(0);
    expect(retryAfterOf({ data: { retry_after: "892" } })).toBe(0);
    expect(retryAfterOf({ data: { retry_after: -5 } })).toBe(0);
    expect(retryAfterOf({ data: null })).toBe(0);
  });
});
