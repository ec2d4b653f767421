// axe-core as the end-to-end specs run it: WCAG 2.1 A and AA rules, violations only.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * An axe run on `page`. `resultTypes: ["violations"]` keeps axe from collecting every passing and
 * inapplicable node (the specs read violations only). Legacy mode runs `axe.run` in the page, with
 * axe injected in its frames too, instead of @axe-core/playwright's default partial runs, which
 * open a blank page and inject axe's source into it again for every scan (about half of each
 * scan's time on this machine). The rules and the nodes checked are the same.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
}
