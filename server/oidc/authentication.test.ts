import { describe, expect, it } from "vitest";
import { oidcAuthenticationOf } from "./authentication";

describe("oidcAuthenticationOf: the ID token's acr and amr from the portal session (issue 38)", () => {
  it.each([
    ["a password", "password", null, { acr: "1fa", amr: ["pwd"] }],
    ["a password and an authenticator code", "password", "totp", { acr: "2fa", amr: ["pwd", "otp", "mfa"] }],
    ["a password and an SMS code", "password", "sms", { acr: "2fa", amr: ["pwd", "otp", "sms", "mfa"] }],
    ["a password and a backup code", "password", "backup", { acr: "2fa", amr: ["pwd", "otp", "mfa"] }],
    // A browser trusted at an earlier sign-in proved no second factor now.
    ["a password on a trusted browser", "password", "trusted_device", { acr: "1fa", amr: ["pwd"] }],
    ["a passkey (user verification)", "passkey", "passkey", { acr: "2fa", amr: ["swk", "mfa"] }],
    ["Google", "google", null, { acr: "1fa", amr: ["fed"] }],
    ["Facebook and an authenticator code", "facebook", "totp", { acr: "2fa", amr: ["fed", "otp", "mfa"] }],
    ["a verification code", "code", null, { acr: "1fa", amr: ["otp"] }],
  ])("%s", (_label, signInMethod, secondFactor, expected) => {
    expect(oidcAuthenticationOf({ signInMethod, secondFactor })).toEqual(expected);
  });

  it("claims nothing for a session that does not know how it was made", () => {
    expect(oidcAuthenticationOf({ signInMethod: null, secondFactor: "totp" })).toBeUndefined();
    expect(oidcAuthenticationOf({ signInMethod: "telepathy", secondFactor: null })).toBeUndefined();
  });
});
