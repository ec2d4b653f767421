import type { ReactNode } from "react";
import { configuredBrand } from "@/lib/brand";
import { BrandLogo } from "./brand-logo";
import { CloseFrameButton } from "./close-frame-button";

/**
 * The card every auth screen sits in (SPEC §2 `layout`): 1 the standard card; 2 adds a button
 * asking the parent frame to close; 3 is the compact form a sibling's landing page frames
 * (no card chrome, no logo, the full width of the frame).
 */
export function AuthCard({
  title,
  subtitle,
  layout,
  closeLabel,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  layout?: string;
  closeLabel?: string;
  children: ReactNode;
}) {
  const isCompact = layout === "3";
  return (
    <section
      data-layout={isCompact ? "3" : layout === "2" ? "2" : "1"}
      className={
        isCompact
          ? "relative w-full bg-white p-4"
          : "relative w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8"
      }
    >
      {layout === "2" && closeLabel && <CloseFrameButton label={closeLabel} />}
      <header className={isCompact ? "mb-4" : "mb-6"}>
        {!isCompact && <BrandLogo brand={configuredBrand()} className="mb-5" />}
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-gray-600">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
