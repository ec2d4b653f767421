"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { activeSection, PROFILE_SECTIONS, sectionForHash } from "./sections";

/**
 * The profile's section tabs: links (each section has its own address), the current one marked
 * for assistive technology; at 390 px the strip scrolls sideways rather than wrapping.
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
    <nav aria-label={t("label")} className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-gray-200">
        {PROFILE_SECTIONS.map((section) => {
          const isCurrent = section.key === current;
          return (
            <li key={section.key}>
              <Link
                href={section.href}
                aria-current={isCurrent ? "page" : undefined}
                data-testid={`profile-section-${section.key}`}
                className={`-mb-px flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 text-sm font-semibold ${
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
