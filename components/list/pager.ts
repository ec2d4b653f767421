// The list footer's arithmetic (SPEC §2 "showing X from Y of Z", §9 a pager of 5 page links).

/** SPEC §9: the pager shows five page links. */
export const PAGER_LINKS = 5;

/** The server counts at most 10 001 rows (DESIGN §7): past 10 000 the total is "10 000+". */
export const TOTAL_CAP = 10_000;

/** How many pages `total` rows make at `size` a page; an empty list still has page 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page numbers the pager links to: `links` consecutive pages around `current`, kept inside
 * 1…count (a page past the end shows the last pages).
 */
export function pageWindow(current: number, count: number, links = PAGER_LINKS): number[] {
  const page = Math.min(Math.max(1, current), count);
  const start = Math.max(1, Math.min(page - Math.floor(links / 2), count - links + 1));
  const end = Math.min(count, start + links - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Rows from…to (1-based) of a page that starts at `offset`; 0…0 when the page has none. */
export function shownRange(offset: number, rowCount: number): { from: number; to: number } {
  if (rowCount <= 0) return { from: 0, to: 0 };
  return { from: offset + 1, to: offset + rowCount };
}
