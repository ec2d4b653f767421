// Client-safe pieces of the checkout screens (the result's poller uses them too); the card itself
// (checkout-card.tsx) reads the configured brand and stays on the server.

/** A spinner beside a line of text; the text is what a screen reader hears. */
export function Spinner({ className = "size-5" }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-brand-500 border-t-transparent ${className}`}
    />
  );
}

/**
 * A "back" link: to the product the order came from (the whole window, even from inside the
 * product's frame), or to the portal.
 */
export function BackLink({ href, label, external }: { href: string; label: string; external?: boolean }) {
  return (
    <a
      href={href}
      target={external ? "_top" : undefined}
      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-600 hover:underline"
    >
      <span aria-hidden>←&nbsp;</span>
      {label}
    </a>
  );
}
