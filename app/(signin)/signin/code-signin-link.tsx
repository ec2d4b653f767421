/**
 * The switch from the password form to sign-in with a one-time code (/signin/code), keeping the
 * page's query (hand-off, frame, language). A plain link: it works before the page's script has
 * run and inside a product's frame.
 */
export function CodeSignInLink({
  label,
  query,
}: {
  label: string;
  query: Record<string, string | undefined>;
}) {
  const search = new URLSearchParams(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "logout",
    ),
  ).toString();
  return (
    <p className="mt-3 text-center">
      <a
        href={`/signin/code${search ? `?${search}` : ""}`}
        data-testid="code-signin-link"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
      >
        {label}
      </a>
    </p>
  );
}
