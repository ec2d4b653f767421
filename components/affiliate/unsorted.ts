import type { SortingState } from "@/components/list/data-table";

/**
 * The sort of a table whose rows keep the server's order, one value for every render: DataTable's
 * default is a fresh `[]`, and a new sort on each render makes tanstack reset the page and render
 * again without end (the page freezes after a click).
 */
export const UNSORTED: SortingState = [];
