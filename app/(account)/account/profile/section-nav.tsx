"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { activeSection, PROFILE_SECTIONS, sectionForHash } from "./sections";

/**
 * The profile's section tabs: links (each section has its own address), the current one marked
 * for assistive technology; at 390 px they share the width and a long name wraps.
 */
export function SectionNav() {
  const t = useTranslations("account.sections");
  const pathname = usePathname();
  const router = useRouter();
  const current = activeSection(pathname);

  // A link to the one-page profile's part (`/account/profile#security`) opens its section.
  useEffect(() => {
    if (pathname !== "/account/profile") return;
    const target = sectionForHash(window.location.hash);
    if (target) router.replace(target);
  }, [pathname, router]);

  return (
    <nav aria-label={t("label")} className="mb-6">
      {/* On a phone the three share the width by their names' lengths (a name too long wraps,
          nothing hides off the edge); wider up, a row of tabs. */}
      <ul className="flex border-b border-gray-200 sm:gap-1">
        {PROFILE_SECTIONS.map((section) => {
          const isCurrent = section.key === current;
          return (
            <li key={section.key} className="flex-auto sm:flex-none">
              <Link
                href={section.href}
                aria-current={isCurrent ? "page" : undefined}
                data-testid={`profile-section-${section.key}`}
                className={`-mb-px flex h-full min-h-11 items-center justify-center border-b-2 px-2 py-2 text-center text-sm/5 font-semibold sm:justify-start sm:whitespace-nowrap sm:px-4 ${
                  isCurrent
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900"
                }`}
              >
                {t(section.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
