import { describe, expect, it } from "vitest";
import type { Env } from "@/lib/env";
import { configWarnings } from "./config-warnings";

const base = { APPS_CONFIG: { lp: { name: "Builder" } } } as unknown as Env;

describe("set-up warnings for the operator (issue 39: never on a person's screen)", () => {
  it("names a missing seller and an empty APPS_CONFIG", () => {
    expect(Object.keys(configWarnings({ ...base, APPS_CONFIG: {} } as Env))).toEqual([
      "seller",
      "apps_config",
    ]);
  });

  it("says nothing once both are set", () => {
    const set = { ...base, SELLER_NAME: "A", SELLER_ADDRESS: "B", SELLER_TAX_CODE: "0101" } as Env;
    expect(configWarnings(set)).toEqual({});
  });
});
