import "server-only";
import type { ReactNode } from "react";
import { BrandLogo } from "@/components/layout/brand-logo";
import { configuredBrand } from "@/lib/brand";

/**
 * The frame of the checkout screens: wider than the sign-in card (items, totals and the transfer
 * details need the room); `layout=3` (a product's compact frame) drops the card chrome.
 */
export function CheckoutCard({
  title,
  subtitle,
  layout,
  isWide = false,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  layout?: string;
  /** The payable order: room for the order summary beside the form on wide screens. */
  isWide?: boolean;
  children: ReactNode;
}) {
  const isCompact = layout === "3";
  return (
    <section
      className={
        isCompact
          ? "w-full bg-white p-4"
          : `w-full ${isWide ? "max-w-2xl lg:max-w-5xl" : "max-w-2xl"} rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8`
      }
    >
      <header className="mb-6">
        {/* The logo, as on the sign-in card: a bare uppercase app name read as an unexplained label. */}
        {!isCompact && <BrandLogo brand={configuredBrand()} className="mb-5" />}
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-gray-600">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
