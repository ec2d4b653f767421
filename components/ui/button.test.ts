import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

const render = (props: Parameters<typeof Button>[0]) => renderToStaticMarkup(createElement(Button, props));

describe("Button", () => {
  it("the danger variant is red and says so in data-variant", () => {
    const html = render({ variant: "danger", children: "Log out of all devices" });
    expect(html).toContain('data-variant="danger"');
    expect(html).toMatch(/class="[^"]*\bbg-red-600\b/);
    expect(html).not.toContain("bg-brand-500");
  });

  it("the other variants are not red", () => {
    for (const variant of ["primary", "secondary", "ghost"] as const) {
      const html = render({ variant, children: "Save" });
      expect(html).toContain(`data-variant="${variant}"`);
      expect(html).not.toContain("bg-red-600");
    }
    expect(render({ children: "Save" })).toContain('data-variant="primary"');
  });
});
