// SPEC §2 sidebar as data, shared by the server layout (filtering) and the client shell (titles,
// active item). No server imports: client components read it too.

/** '*' shows to everyone signed in; 'admin' only to the admin scope (SPEC §6). */
export type NavScope = "*" | "admin";
export type NavIcon = "dashboard" | "order" | "affiliate" | "credit" | "profile" | "admin";

/** A link of the menu; `key` names its label under the `nav` catalog namespace. */
export type NavLink = {
  key: string;
  href: string;
  scope: NavScope;
  /** Its screen has been built. Screens of later issues stay out of the menu until then. */
  exists: boolean;
  icon?: NavIcon;
};
export type NavGroup = { key: string; scope: NavScope; icon: NavIcon; children: NavLink[] };
export type NavItem = NavLink | NavGroup;

export const isNavGroup = (item: NavItem): item is NavGroup => "children" in item;

/** A menu link; unless `options` say otherwise, everyone signed in sees it and its screen is built. */
export const navLink = (
  key: string,
  href: string,
  options: Partial<Pick<NavLink, "scope" | "exists" | "icon">> = {},
): NavLink => ({ key, href, scope: "*", exists: true, ...options });

/** A group of links under one icon (the menu opens it). */
export const navGroup = (
  key: string,
  icon: NavIcon,
  children: NavLink[],
  scope: NavScope = "*",
): NavGroup => ({
  key,
  scope,
  icon,
  children,
});

export const NAV_ITEMS: NavItem[] = [
  navLink("dashboard", "/dashboard", { icon: "dashboard" }),
  // Packages sit with what they are bought through; referrals with the other programme screens;
  // points beside credit (issue 39: every screen of the shell has its menu entry).
  navGroup("orders", "order", [
    navLink("order", "/order"),
    navLink("payment", "/payment"),
    navLink("package", "/package"),
  ]),
  navGroup("affiliate", "affiliate", [
    navLink("affiliateCustomers", "/affiliate/customers"),
    navLink("commission", "/commission"),
    navLink("invoice", "/invoice"),
    navLink("referral", "/referral"),
  ]),
  navGroup("balances", "credit", [navLink("credit", "/credit"), navLink("point", "/point")]),
  navLink("profile", "/account/profile", { icon: "profile" }),
  // The operator console (DESIGN §13): the admin scope only; its calls check the scope themselves.
  navGroup(
    "admin",
    "admin",
    [
      navLink("adminPeople", "/admin/people", { scope: "admin" }),
      navLink("adminOrders", "/admin/orders", { scope: "admin" }),
      navLink("adminPayments", "/admin/payments", { scope: "admin" }),
      navLink("adminTransfers", "/admin/transfers", { scope: "admin" }),
      navLink("adminAffiliates", "/admin/affiliates", { scope: "admin" }),
      navLink("adminInvoices", "/admin/invoices", { scope: "admin" }),
      navLink("adminPackages", "/admin/packages", { scope: "admin" }),
      navLink("adminOutbox", "/admin/outbox", { scope: "admin" }),
      navLink("adminClients", "/admin/clients", { scope: "admin" }),
      navLink("adminAudit", "/admin/audit", { scope: "admin" }),
    ],
    "admin",
  ),
];

const canSee = (itemScope: NavScope, userScope: string | null | undefined) =>
  itemScope === "*" || userScope === "admin";

/**
 * The menu a person sees: the admin scope sees every item, others only '*' items; links whose
 * screen does not exist yet are left out, and so is a group left with no link.
 */
export function visibleNav(items: readonly NavItem[], scope: string | null | undefined): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (!canSee(item.scope, scope)) return [];
    if (!isNavGroup(item)) return item.exists ? [item] : [];
    const children = item.children.filter((c) => c.exists && canSee(c.scope, scope));
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Paths that show another item's screen (SPEC §2: `/` is the dashboard, `/profile` the profile). */
const ALIASES: Record<string, string> = { "/": "/dashboard", "/profile": "/account/profile" };

/** Screens of the shell that have a title but no menu item. */
const EXTRA_TITLES: Record<string, string> = {
  "/verify-email": "verifyEmail",
};

const under = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

const links = (items: readonly NavItem[]): NavLink[] =>
  items.flatMap((item) => (isNavGroup(item) ? item.children : [item]));

/** The menu link a path belongs to (the longest matching href), or null. */
export function activeHref(pathname: string, items: readonly NavItem[]): string | null {
  const path = ALIASES[pathname] ?? pathname;
  const match = links(items)
    .filter((l) => under(path, l.href))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return match?.href ?? null;
}

/** The `nav` catalog key of the page name the top bar shows for a path, or null. */
export function pageTitleKey(pathname: string, items: readonly NavItem[] = NAV_ITEMS): string | null {
  const href = activeHref(pathname, items);
  if (href) return links(items).find((l) => l.href === href)?.key ?? null;
  const extra = Object.keys(EXTRA_TITLES).find((p) => under(pathname, p));
  return extra ? (EXTRA_TITLES[extra] ?? null) : null;
}
