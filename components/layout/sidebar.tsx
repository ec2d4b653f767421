"use client";
import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { focusFirst } from "@/components/ui/dialog";
import { LineIcon } from "@/components/ui/line-icon";
import type { Brand } from "@/lib/brand";
import { activeHref, isNavGroup, type NavGroup, type NavIcon, type NavItem, type NavLink } from "@/lib/nav";
import { BrandLogo } from "./brand-logo";

type IconName = NavIcon | "menu" | "close" | "chevron" | "external" | LinkIcon;
type LinkIcon = "support" | "blog" | "whatsNew" | "shortcut" | "community";

const ICON_PATHS: Record<IconName, string> = {
  dashboard: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z",
  order: "M6 3h12l2 4v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7zM4 7h16M9 11a3 3 0 0 0 6 0",
  affiliate:
    "M16 20v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M22 20v-1a4 4 0 0 0-3-3.9M16 5.1a3 3 0 0 1 0 5.8",
  credit: "M3 6h18v12H3zM3 10h18M7 15h4",
  profile: "M20 21v-1a5 5 0 0 0-5-5H9a5 5 0 0 0-5 5v1M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8",
  admin: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6L6 18",
  chevron: "M6 9l6 6 6-6",
  external: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  support: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M9.2 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4M12 17.5h.01",
  blog: "M5 4h14v16H5zM8.5 8h7M8.5 12h7M8.5 16h4",
  whatsNew:
    "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM18 15l.9 2.1L21 18l-2.1.9L18 21l-.9-2.1L15 18l2.1-.9z",
  shortcut: "M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10",
  community: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12",
};

/** The shell's line icons (decorative: every use sits beside its text or an aria-label). */
export function ShellIcon({
  name,
  className = "size-5",
}: {
  name: keyof typeof ICON_PATHS;
  className?: string;
}) {
  return (
    <LineIcon className={`shrink-0 ${className}`}>
      <path d={ICON_PATHS[name]} />
    </LineIcon>
  );
}

const linkClass = (isActive: boolean) =>
  `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900"
  }`;

function NavLinkItem({
  link,
  active,
  onNavigate,
  nested,
}: {
  link: NavLink;
  active: string | null;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const t = useTranslations("nav");
  const isActive = link.href === active;
  return (
    <li>
      <Link
        href={link.href}
        aria-current={isActive ? "page" : undefined}
        onClick={onNavigate}
        className={`${linkClass(isActive)} ${nested ? "pl-11" : ""}`}
      >
        {link.icon && <ShellIcon name={link.icon} />}
        <span className="truncate">{t(link.key)}</span>
      </Link>
    </li>
  );
}

function NavGroupItem({
  group,
  active,
  onNavigate,
}: {
  group: NavGroup;
  active: string | null;
  onNavigate?: () => void;
}) {
  const t = useTranslations("nav");
  const hasActive = group.children.some((c) => c.href === active);
  const [isOpen, setOpen] = useState(hasActive);
  const id = `nav-group-${group.key}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setOpen(!isOpen)}
        className={`${linkClass(false)} w-full text-left ${hasActive ? "text-brand-700" : ""}`}
      >
        <ShellIcon name={group.icon} />
        <span className="flex-1 truncate">{t(group.key)}</span>
        <ShellIcon name="chevron" className={`size-4 transition-transform ${isOpen ? "rotate-180" : ""}`} />
      </button>
      <ul id={id} hidden={!isOpen} className="mt-1 space-y-1">
        {group.children.map((link) => (
          <NavLinkItem key={link.href} link={link} active={active} onNavigate={onNavigate} nested />
        ))}
      </ul>
    </li>
  );
}

/** The menu itself, the same in the desktop column and the phone drawer. */
function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  const active = activeHref(usePathname(), items);
  return (
    <ul className="space-y-1">
      {items.map((item) =>
        isNavGroup(item) ? (
          <NavGroupItem key={item.key} group={item} active={active} onNavigate={onNavigate} />
        ) : (
          <NavLinkItem key={item.href} link={item} active={active} onNavigate={onNavigate} />
        ),
      )}
    </ul>
  );
}

/** The logo, a link home (its name is the brand's). */
export function BrandLink({ brand, isMarkOnly }: { brand: Brand; isMarkOnly?: boolean }) {
  return (
    <Link href="/dashboard" className="flex min-h-11 min-w-0 items-center rounded-lg">
      <BrandLogo brand={brand} isMarkOnly={isMarkOnly} />
    </Link>
  );
}

/** SPEC §2 sidebar at desktop widths; below `lg` the same menu lives in {@link NavDrawer}. */
export function Sidebar({ items, brand }: { items: NavItem[]; brand: Brand }) {
  const t = useTranslations("account.shell");
  return (
    <aside className="hidden w-64 shrink-0 border-r border-gray-200 bg-white lg:block print:hidden">
      <div className="sticky top-0 flex h-dvh flex-col">
        <div className="flex h-16 items-center px-5">
          <BrandLink brand={brand} />
        </div>
        <nav aria-label={t("mainMenu")} className="flex-1 overflow-y-auto px-3 py-2">
          <NavList items={items} />
        </nav>
      </div>
    </aside>
  );
}

/**
 * The phone drawer and the top-bar button that opens it. Radix's dialog gives it the focus trap,
 * Escape, the overlay click and the return of focus to the button.
 */
export function NavDrawer({ items, brand }: { items: NavItem[]; brand: Brand }) {
  const t = useTranslations("account.shell");
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={t("openMenu")}
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 lg:hidden"
      >
        <ShellIcon name="menu" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-overlay" className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          // Focus lands on the current page's link, where a keyboard user continues from.
          onOpenAutoFocus={focusFirst('[aria-current="page"]')}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl lg:hidden"
        >
          <div className="flex h-16 items-center justify-between gap-2 border-b border-gray-100 px-4">
            <Dialog.Title className="sr-only">{t("mainMenu")}</Dialog.Title>
            <BrandLink brand={brand} />
            <Dialog.Close
              aria-label={t("closeMenu")}
              className="inline-flex size-11 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100"
            >
              <ShellIcon name="close" className="size-6" />
            </Dialog.Close>
          </div>
          <nav aria-label={t("mainMenu")} className="flex-1 overflow-y-auto px-3 py-3">
            <NavList items={items} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
