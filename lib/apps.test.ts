import { describe, expect, it } from "vitest";
import { appName, appNamesFor, KNOWN_APP_CODES, unconfiguredApps } from "./apps";
import { translator } from "./i18n";
import { LOCALES } from "./locales";

const common = (lang: (typeof LOCALES)[number]) => {
  const t = translator(lang);
  return (key: string) => t(`common.${key}`);
};

describe("app names (first impression 12: names, not LP/LS/LUID/LA)", () => {
  it.each(LOCALES)("%s: every SPEC code has a default name in words, never its code", (lang) => {
    const names = appNamesFor({}, common(lang));
    for (const code of KNOWN_APP_CODES) {
      const name = appName(code, names);
      expect(name, code).toBeTruthy();
      expect(name, code).not.toBe(code.toUpperCase());
      expect(name, code).not.toContain("apps.");
    }
  });

  it("speaks the person's language", () => {
    expect(appName("ls", appNamesFor({}, common("en")))).toBe("Sales app");
    expect(appName("ls", appNamesFor({}, common("vi")))).toBe("Ứng dụng bán hàng");
    expect(appName("lp", appNamesFor({}, common("en")))).toBe("Landing page builder");
    expect(appName("luid", appNamesFor({}, common("en")))).toBe("Account portal");
    expect(appName("la", appNamesFor({}, common("en")))).toBe("Link app");
  });

  it("takes the operator's APPS_CONFIG name over the default, for any case of the code", () => {
    const names = appNamesFor(
      { lp: { name: "PageMaker" }, FLOW: { name: "Flow" }, ls: { name: "  " } },
      common("en"),
    );
    expect(appName("lp", names)).toBe("PageMaker");
    expect(appName("LP", names)).toBe("PageMaker");
    expect(appName("flow", names)).toBe("Flow");
    // A blank configured name keeps the default.
    expect(appName("ls", names)).toBe("Sales app");
  });

  it("shows an unknown code in capitals and nothing for no code", () => {
    const names = appNamesFor({}, common("en"));
    expect(appName("chat", names)).toBe("CHAT");
    expect(appName(null, names)).toBe("");
    expect(appName(undefined, names)).toBe("");
  });
});

describe("the apps named without an APPS_CONFIG entry (issue 39: the console said 'no app')", () => {
  it("are every SPEC app when nothing is configured, by their default names", () => {
    expect(unconfiguredApps([], common("en"))).toEqual([
      { code: "lp", name: "Landing page builder" },
      { code: "ls", name: "Sales app" },
      { code: "luid", name: "Account portal" },
      { code: "la", name: "Link app" },
    ]);
  });

  it("leave out the configured ones, for any case of the code", () => {
    expect(unconfiguredApps(["LS", "shop"], common("vi")).map((app) => app.code)).toEqual([
      "lp",
      "luid",
      "la",
    ]);
  });
});
