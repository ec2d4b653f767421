import { LineIcon } from "@/components/ui/line-icon";

/**
 * A CSV download of a list as it is filtered (SPEC §2 lists; the server streams the file with
 * the session cookie): a plain link, so the browser saves it without any script.
 */
export function ExportLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      download
      data-testid="export-csv"
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
    >
      {/* The stroke class outweighs LineIcon's 1.8 stroke attribute: this arrow is drawn at 2. */}
      <LineIcon className="size-4 stroke-2">
        <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
      </LineIcon>
      {label}
    </a>
  );
}

/** The export address of a list: its days (YYYY-MM-DD, the person's) and its own filters. */
export function exportHref(
  path: string,
  state: { from?: string; to?: string; filters: Record<string, string> },
  filterNames: readonly string[],
): string {
  const params = new URLSearchParams();
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  for (const name of filterNames) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
