import { describe, expect, it } from "vitest";
import { type AccessState, accessState, redirectFor } from "./access";

describe("accessState", () => {
  it.each([
    [null, "anonymous"],
    [{ hasPhone: false }, "needs-phone"],
    [{ hasPhone: true }, "signed-in"],
  ] as const)("%j → %s", (session, state) => {
    expect(accessState(session)).toBe(state);
  });
});

describe("redirectFor (SPEC §2 access states)", () => {
  it.each<[string, string, AccessState, string | null]>([
    // Anonymous: public screens open, the shell asks to sign in and remembers where.
    ["/signin", "", "anonymous", null],
    ["/signup", "?ref=x", "anonymous", null],
    ["/forgottenpass", "", "anonymous", null],
    ["/oauth2-google", "?code=x", "anonymous", null],
    ["/oauth2-facebook", "", "anonymous", null],
    ["/complete-reg", "", "anonymous", "/signin"],
    ["/account/profile", "", "anonymous", "/signin?path=%2Faccount%2Fprofile"],
    ["/nowhere", "?a=1", "anonymous", "/signin?a=1"],
    // Open in every state: links from mails, the frame hand-over, the landing panel.
    ["/resetpass", "?token=t", "anonymous", null],
    ["/resetpass", "?token=t", "signed-in", null],
    ["/verify-email", "?token=t", "anonymous", null],
    ["/verify-email", "?token=t", "signed-in", null],
    ["/verify-email", "?token=t", "needs-phone", null],
    ["/iframe", "?token=t", "signed-in", null],
    ["/switch-account", "?token=t", "signed-in", null],
    ["/switch-account", "?token=t", "anonymous", null],
    ["/open-in-tab", "?to=%2Faccount%2Fprofile", "signed-in", null],
    ["/open-in-tab", "?to=%2Faccount%2Fprofile", "anonymous", null],
    // Sign in once: a product's sign-up link for a signed-in person continues like its sign-in.
    [
      "/signup",
      "?callback_url=https%3A%2F%2Fa.example&app_code=lp",
      "signed-in",
      "/signin?callback_url=https%3A%2F%2Fa.example&app_code=lp",
    ],
    ["/login-embed", "", "anonymous", null],
    // An OpenID Connect client's consent screen and fresh sign-in (prompt=login) are served.
    ["/oidc-consent", "?uid=abc", "signed-in", null],
    ["/signin", "?path=%2Foidc%2Finteraction%2Fabc", "signed-in", null],
    ["/signin", "?path=%2Foidc%2Finteraction%2F..%2Fx", "signed-in", "/account/profile"],
    // Signed in without a phone: forced to complete the registration.
    ["/complete-reg", "", "needs-phone", null],
    ["/account/profile", "", "needs-phone", "/complete-reg"],
    ["/oauth2-google", "", "needs-phone", "/complete-reg"],
    // Signed in: the callback pages and sign-in screens go to the profile.
    ["/oauth2-google", "?code=x", "signed-in", "/account/profile"],
    ["/oauth2-facebook", "", "signed-in", "/account/profile"],
    ["/forgottenpass", "", "signed-in", "/account/profile"],
    ["/complete-reg", "", "signed-in", "/account/profile"],
    ["/signin", "?logout=1", "signed-in", null],
    ["/account/profile", "", "signed-in", null],
    // `/` is the dashboard: signed in it is served, anonymous it asks to sign in.
    ["/", "", "signed-in", null],
    ["/dashboard", "", "signed-in", null],
    ["/", "", "anonymous", "/signin"],
    ["/", "?a=1", "anonymous", "/signin?a=1"],
    ["/dashboard", "", "anonymous", "/signin?path=%2Fdashboard"],
    ["/", "", "needs-phone", "/complete-reg"],
  ])("%s%s as %s → %s", (pathname, search, state, expected) => {
    expect(redirectFor(pathname, search, state)).toBe(expected);
  });
});
