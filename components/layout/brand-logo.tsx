import type { Brand } from "@/lib/brand";

/**
 * The logo: the mark (BRAND_LOGO_URL, by default app/icon.svg) and the name as the wordmark, set
 * in the interface's own type so any BRAND_NAME fits. Assistive technology meets one image named
 * by the brand. `isMarkOnly` keeps the mark alone (the phone top bar beside the page name).
 */
export function BrandLogo({
  brand,
  isMarkOnly = false,
  className = "",
}: {
  brand: Brand;
  isMarkOnly?: boolean;
  className?: string;
}) {
  return (
    <span
      role="img"
      aria-label={brand.name}
      className={`inline-flex min-w-0 items-center gap-2 ${className}`}
    >
      {/* biome-ignore lint/performance/noImgElement: a 1 kB SVG (or the operator's file); next/image adds nothing here. */}
      <img src={brand.logoUrl} alt="" width={32} height={32} className="size-8 shrink-0 object-contain" />
      {!isMarkOnly && (
        <span className="truncate text-lg font-bold tracking-tight text-gray-900">{brand.name}</span>
      )}
    </span>
  );
}
