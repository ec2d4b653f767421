// The list framework's tables (components/list) as the end-to-end specs read them.
import { expect, type Locator, type Page } from "@playwright/test";

/** A date-time cell: tables show minutes, not seconds (first impression 5). */
export const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

export const bodyRows = (list: Locator) => list.locator("tbody tr");

/** The "showing x–y of z" line under a list. */
export const showing = (page: Page) => page.getByTestId("list-showing");

/** The trimmed texts of the column headed `header` (its sort mark aside), top to bottom. */
export async function column(list: Locator, header: string): Promise<string[]> {
  const headers = await list.locator("thead th").allTextContents();
  const index = headers.findIndex((h) => h.replace(/[▲▼↕]/g, "").trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return (
    await bodyRows(list)
      .locator(`td:nth-child(${index + 1})`)
      .allTextContents()
  ).map((t) => t.trim());
}
