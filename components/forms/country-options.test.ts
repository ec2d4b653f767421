import { describe, expect, it } from "vitest";
import { countryOptions } from "./country-options";

describe("countryOptions (the phone input's countries)", () => {
  it("renders without Intl names before mount: codes and prefixes in code order, Vietnam first", () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ code: "VN", dial: "84", name: null, label: "VN +84" });
    const rest = options.slice(1).map((o) => o.code);
    expect(rest).toEqual([...rest].sort());
    expect(options.every((o) => o.label === `${o.code} +${o.dial}`)).toBe(true);
    // The same list every time: the server's HTML and the browser's first render agree.
    expect(countryOptions()).toEqual(options);
  });

  it("adds the language's names after mount, sorted by them, Vietnam still first", () => {
    const options = countryOptions("vi");
    expect(options[0]?.label).toBe("VN +84 Việt Nam");
    expect(options.find((o) => o.code === "TH")?.label).toBe("TH +66 Thái Lan");
    const names = options.slice(1).map((o) => o.name ?? "");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "vi")));
  });
});
