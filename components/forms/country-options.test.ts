import { describe, expect, it } from "vitest";
import { countryNames, countryOptions } from "./country-options";

describe("countryOptions (the phone input's countries)", () => {
  it("without names: codes and prefixes in code order, Vietnam first", () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ code: "VN", dial: "84", name: null, label: "VN +84" });
    const rest = options.slice(1).map((o) => o.code);
    expect(rest).toEqual([...rest].sort());
    expect(options.every((o) => o.label === `${o.code} +${o.dial}`)).toBe(true);
  });

  it("with the page's names: 'name (+dial)' in that language's order, Vietnam still first", () => {
    const options = countryOptions(countryNames("vi"));
    expect(options[0]?.label).toBe("Việt Nam (+84)");
    expect(options.find((o) => o.code === "TH")?.label).toBe("Thái Lan (+66)");
    const names = options.slice(1).map((o) => o.name ?? "");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "vi")));
  });

  it("names the countries in Burmese and Thai, not English (issue 39)", () => {
    const my = countryOptions(countryNames("my"));
    const th = countryOptions(countryNames("th"));
    const en = countryOptions(countryNames("en"));
    expect(my[0]?.label).toBe("ဗီယက်နမ် (+84)");
    expect(th[0]?.label).toBe("เวียดนาม (+84)");
    expect(my.find((o) => o.code === "TH")?.name).toBe("ထိုင်း");
    expect(th.find((o) => o.code === "MM")?.name).toBe("เมียนมา (พม่า)");
    // Every country has its own-language name; none is left in English.
    const english = new Map(en.map((o) => [o.code, o.name]));
    const burmeseInEnglish = my.filter((o) => o.name === english.get(o.code));
    expect(burmeseInEnglish.map((o) => o.code)).toEqual([]);
    expect(my.every((o) => o.name)).toBe(true);
  });
});
