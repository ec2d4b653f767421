import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrandLogo } from "./brand-logo";

describe("the brand's logo", () => {
  it("the logo is one image named by the brand: the mark and the wordmark", () => {
    const html = renderToStaticMarkup(
      createElement(BrandLogo, { brand: { name: "Acme", logoUrl: "/m.svg" } }),
    );
    expect(html).toContain('<span role="img" aria-label="Acme"');
    expect(html).toContain('<img src="/m.svg" alt=""');
    expect(html).toContain(">Acme</span>");
    const mark = renderToStaticMarkup(
      createElement(BrandLogo, { brand: { name: "Acme", logoUrl: "/m.svg" }, isMarkOnly: true }),
    );
    expect(mark).not.toContain(">Acme</span>");
    expect(mark).toContain('aria-label="Acme"');
  });
});
