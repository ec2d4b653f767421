import { describe, expect, it } from "vitest";
import {
  activeHref,
  isNavGroup,
  NAV_ITEMS,
  type NavItem,
  navGroup,
  navLink,
  pageTitleKey,
  visibleNav,
} from "./nav";

const keys = (items: NavItem[]) =>
  items.map((i) => (isNavGroup(i) ? `${i.key}[${i.children.map((c) => c.key).join(",")}]` : i.key));

// Every flag flipped on, so scope filtering is seen apart from the screens that exist so far.
const built = (items: NavItem[]): NavItem[] =>
  items.map((i) =>
    isNavGroup(i)
      ? { ...i, children: i.children.map((c) => ({ ...c, exists: true })) }
      : { ...i, exists: true },
  );

const FIXTURE: NavItem[] = [
  navLink("home", "/home"),
  navLink("reports", "/reports", { scope: "admin" }),
  navLink("soon", "/soon", { exists: false }),
  navGroup("team", "affiliate", [
    navLink("members", "/team/members"),
    navLink("billing", "/team/billing", { scope: "admin" }),
    navLink("later", "/team/later", { exists: false }),
  ]),
  navGroup("adminGroup", "order", [navLink("audit", "/audit")], "admin"),
  navGroup("emptyGroup", "order", [navLink("notYet", "/not-yet", { exists: false })]),
];

describe("the sidebar of SPEC §2", () => {
  it("lists dashboard, order (order, payment, package), affiliate (customers, commission, invoice, referral), balances (credit, point), profile, then the console", () => {
    expect(keys(NAV_ITEMS)).toEqual([
      "dashboard",
      "orders[order,payment,package]",
      "affiliate[affiliateCustomers,commission,invoice,referral]",
      "balances[credit,point]",
      "profile",
      "admin[adminPeople,adminOrders,adminPayments,adminTransfers,adminAffiliates,adminInvoices,adminPackages,adminOutbox,adminClients,adminAudit]",
    ]);
  });

  it("shows an ordinary account every screen but the operator console", () => {
    expect(keys(visibleNav(NAV_ITEMS, "user"))).toEqual(
      keys(NAV_ITEMS).filter((k) => !k.startsWith("admin[")),
    );
  });

  it("shows the admin scope every item once its screen exists", () => {
    expect(keys(visibleNav(NAV_ITEMS, "admin"))).toEqual(keys(NAV_ITEMS));
    expect(keys(visibleNav(built(NAV_ITEMS), "admin"))).toEqual(keys(NAV_ITEMS));
  });
});

describe("visibleNav", () => {
  it("gives the admin scope every item, groups and links alike", () => {
    expect(keys(visibleNav(FIXTURE, "admin"))).toEqual([
      "home",
      "reports",
      "team[members,billing]",
      "adminGroup[audit]",
    ]);
  });

  it.each(["user", "", null, undefined, "ADMIN", "partner"])("gives scope %j only the '*' items", (scope) => {
    expect(keys(visibleNav(FIXTURE, scope))).toEqual(["home", "team[members]"]);
  });

  it("hides links whose screen does not exist and removes groups left empty", () => {
    const shown = keys(visibleNav(FIXTURE, "admin"));
    expect(shown.join(" ")).not.toMatch(/soon|later|emptyGroup|notYet/);
  });

  it("leaves its input alone", () => {
    const before = JSON.stringify(FIXTURE);
    visibleNav(FIXTURE, "user");
    expect(JSON.stringify(FIXTURE)).toBe(before);
  });
});

describe("activeHref and pageTitleKey", () => {
  it.each([
    ["/dashboard", "/dashboard", "dashboard"],
    ["/", "/dashboard", "dashboard"],
    ["/credit", "/credit", "credit"],
    ["/credit/anything", "/credit", "credit"],
    ["/account/profile", "/account/profile", "profile"],
    ["/profile", "/account/profile", "profile"],
    ["/affiliate/customers", "/affiliate/customers", "affiliateCustomers"],
    ["/commission", "/commission", "commission"],
    ["/invoice", "/invoice", "invoice"],
    ["/order", "/order", "order"],
    ["/payment", "/payment", "payment"],
    ["/payment/p1/receipt", "/payment", "payment"],
    ["/point", "/point", "point"],
    ["/referral", "/referral", "referral"],
    ["/package", "/package", "package"],
    ["/account/profile/security", "/account/profile", "profile"],
  ])("%s → active %s, title %s", (pathname, href, title) => {
    expect(activeHref(pathname, NAV_ITEMS)).toBe(href);
    expect(pageTitleKey(pathname)).toBe(title);
  });

  it("does not match a path that merely starts with the same letters", () => {
    expect(activeHref("/creditors", NAV_ITEMS)).toBeNull();
    expect(activeHref("/orders", NAV_ITEMS)).toBeNull();
  });

  it("names the screens that have no menu item", () => {
    expect(pageTitleKey("/verify-email")).toBe("verifyEmail");
    expect(pageTitleKey("/nowhere")).toBeNull();
  });
});
