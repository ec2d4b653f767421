"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { Brand } from "@/lib/brand";
import { type NavItem, pageTitleKey } from "@/lib/nav";
import { LanguageSwitcher } from "./language-switcher";
import { BrandLink, NavDrawer, ShellIcon } from "./sidebar";
import { SignOutButton } from "./sign-out-button";

/** Top-bar addresses from configuration (LINK_*_URL). */
export type ShellLinks = {
  support: string;
  blog: string;
  whatsNew: string;
  shortcut: string;
  community: string;
};
export type ShellUser = { name: string; email: string; avatar: string | null };

const LINK_KEYS = ["support", "blog", "whatsNew", "shortcut", "community"] as const;

function Avatar({ user, className }: { user: ShellUser; className: string }) {
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return user.avatar ? (
    // biome-ignore lint/performance/noImgElement: a small same-origin upload; next/image adds nothing here.
    <img src={user.avatar} alt="" className={`${className} rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${className} flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {initial}
    </span>
  );
}

function ExternalLinks({ links, vertical }: { links: ShellLinks; vertical?: boolean }) {
  const t = useTranslations("account.shell");
  return (
    <ul className={vertical ? "space-y-1" : "flex items-center gap-1"}>
      {LINK_KEYS.map((key) => (
        <li key={key}>
          <a
            href={links[key]}
            target="_blank"
            rel="noreferrer"
            title={vertical ? undefined : t(`links.${key}`)}
            className={
              vertical
                ? "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm text-gray-700 hover:bg-gray-100"
                : "inline-flex size-10 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900"
            }
          >
            <ShellIcon name={key} />
            {/* In the bar the icon stands alone (its name is the tooltip and the accessible name). */}
            <span className={vertical ? "flex-1" : "sr-only"}>{t(`links.${key}`)}</span>
            <span className="sr-only"> {t("opensInNewTab")}</span>
            {vertical && <ShellIcon name="external" className="size-4 text-gray-400" />}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A disclosure (button + panel of ordinary links and buttons): manage account and sign out, and
 * on narrow screens the language and the outside links that do not fit the bar.
 */
function AccountMenu({ user, links }: { user: ShellUser; links: ShellLinks }) {
  const t = useTranslations("account.shell");
  const [isOpen, setOpen] = useState(false);
  const pathname = usePathname();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>("a, button, select")?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t("accountMenuFor", { name: user.name || user.email })}
        onClick={() => setOpen(!isOpen)}
        className="flex min-h-11 items-center gap-2 rounded-full p-1 text-sm text-gray-700 hover:bg-gray-100 sm:pr-3"
      >
        <Avatar user={user} className="size-9 text-sm" />
        <span className="hidden max-w-40 truncate sm:inline">{user.name || user.email}</span>
        <ShellIcon name="chevron" className="hidden size-4 text-gray-400 sm:block" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!isOpen}
        data-testid="account-menu"
        className="absolute right-0 top-full z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl bg-white p-2 shadow-lg ring-1 ring-gray-200"
      >
        <div className="flex items-center gap-3 px-3 py-2">
          <Avatar user={user} className="size-10 text-base" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-gray-900">{user.name || user.email}</p>
            <p className="truncate text-xs text-gray-500">{user.email}</p>
          </div>
        </div>
        <div className="my-1 border-t border-gray-100" />
        <Link
          href="/account/profile"
          onClick={() => setOpen(false)}
          className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-gray-800 hover:bg-gray-100"
        >
          <ShellIcon name="profile" />
          {t("manageAccount")}
        </Link>
        <div className="px-3 py-2 sm:hidden">
          <LanguageSwitcher />
        </div>
        <div className="xl:hidden">
          <div className="my-1 border-t border-gray-100" />
          <ExternalLinks links={links} vertical />
        </div>
        <div className="my-1 border-t border-gray-100" />
        <div className="p-1">
          <SignOutButton className="w-full" />
        </div>
      </div>
    </div>
  );
}

/** SPEC §2 top bar: page name, language, the outside links and the account menu. */
export function Topbar({
  items,
  brand,
  user,
  links,
}: {
  items: NavItem[];
  brand: Brand;
  user: ShellUser;
  links: ShellLinks;
}) {
  const t = useTranslations("account.shell");
  const tn = useTranslations("nav");
  const titleKey = pageTitleKey(usePathname());
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white print:hidden">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4 lg:px-6">
        <NavDrawer items={items} brand={brand} />
        {/* Below lg the sidebar (and its logo) is in the drawer: the mark stays in sight here. */}
        <div className="lg:hidden">
          <BrandLink brand={brand} isMarkOnly />
        </div>
        <p data-testid="page-title" className="min-w-0 flex-1 truncate text-lg font-semibold text-gray-900">
          {titleKey ? tn(titleKey) : brand.name}
        </p>
        <nav aria-label={t("helpLinks")} className="hidden xl:block">
          <ExternalLinks links={links} />
        </nav>
        <div className="hidden sm:block">
          <LanguageSwitcher />
        </div>
        <nav aria-label={t("accountMenu")} className="flex items-center gap-2">
          <AccountMenu user={user} links={links} />
          <div className="hidden lg:block">
            <SignOutButton />
          </div>
        </nav>
      </div>
    </header>
  );
}
