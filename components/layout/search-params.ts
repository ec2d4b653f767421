/** What a page receives as `searchParams`: the query, as a promise (Next 16). */
export type SearchParams = Promise<Record<string, string | undefined>>;
