// An account without a password (a social or code sign-up) has no password to change: the
// profile's header sends it to the Security section's "Set a password" instead (issue 40).
import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import en from "@/messages/en.json";
import { ProfileHeader } from "./profile-header";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {}, push: () => {} }) }));

const USER = {
  fullname: "Lan Nguyen",
  email: "lan@example.com",
  phone: "+84912345678",
  country_code: "VN",
  is_verify_phone: true,
  is_verify_email: true,
  timezone: "Asia/Ho_Chi_Minh",
  avatar: null,
};

function header(hasPassword: boolean): string {
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale: "en",
      messages: en,
      timeZone: "Asia/Ho_Chi_Minh",
      // biome-ignore lint/correctness/noChildrenProp: the provider's props type requires children (a .ts file has no JSX).
      children: createElement(ProfileHeader, { user: USER, hasPassword }),
    }),
  );
}

describe("the profile header's password action", () => {
  it("offers Change password to an account with a password", () => {
    const html = header(true);
    expect(html).toContain(en.account.profile.changePassword);
    expect(html).not.toContain('data-testid="profile-set-password"');
  });

  it("sends an account without one to the Security section to set one", () => {
    const html = header(false);
    expect(html).not.toContain(en.account.profile.changePassword);
    const link = html.match(/<a [^>]*data-testid="profile-set-password"[^>]*>/)?.[0];
    expect(link).toContain('href="/account/profile/security"');
    expect(html).toContain(en.account.setPassword.button);
  });
});
