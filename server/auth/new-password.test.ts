import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { PASSWORD_CHECK_KEYS } from "@/lib/password-personal";
import { checkNewPassword, newPasswordRefusal } from "./new-password";

// Without PWNED_PASSWORDS_URL the local checks alone decide; the service itself is tested against a
// local peer in pwned-passwords.integration.test.ts.
const ctx = { env: { PWNED_PASSWORDS_URL: undefined }, log: { warn: vi.fn() } };
const ANN = { email: "ann@example.com", fullname: "Ann Lee", phone: "0912345678" };

describe("newPasswordRefusal", () => {
  it("refuses the person's details first, then the common list", async () => {
    expect(await newPasswordRefusal(ctx, "AnnLee2024", ANN)).toBe("personal");
    expect(await newPasswordRefusal(ctx, "Password123", ANN)).toBe("common");
    expect(await newPasswordRefusal(ctx, "correct horse battery staple", ANN)).toBeUndefined();
  });

  it("then what the meter's estimator finds too guessable (lib/password-strength.ts)", async () => {
    // None of these is on the local list (issue 37, finding 7).
    for (const password of [
      "Admin@123",
      "Qwerty@123",
      "Abc@12345",
      "Passw0rd!",
      "Matkhau@123",
      "Nguyen@1990",
    ]) {
      expect(await newPasswordRefusal(ctx, password, ANN), password).toBe("weak");
    }
    // The person's details are known words: a name too short a part of the password to be
    // refused as personal still makes it guessable.
    const khiet = { email: "khiet.nghiem@example.com", fullname: "Nghiêm Khiết" };
    expect(await newPasswordRefusal(ctx, "Khiet@123456", {})).toBeUndefined();
    expect(await newPasswordRefusal(ctx, "Khiet@123456", khiet)).toBe("weak");
  });
});

describe("with PWNED_PASSWORDS_URL, a service that cannot answer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("leaves the decision to the local checks and logs a warning", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("fetch failed")));
    const warn = vi.fn();
    const withService = { env: { PWNED_PASSWORDS_URL: "http://127.0.0.1:9" }, log: { warn } };
    expect(await newPasswordRefusal(withService, "Kangaroo-Sunset-1987", ANN)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    // The local list still refuses without asking.
    expect(await newPasswordRefusal(withService, "Password123", ANN)).toBe("common");
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe("checkNewPassword", () => {
  it("throws a VALIDATION field error on the named field with the reason's key", async () => {
    const refused = await checkNewPassword(ctx, {
      password: "iloveyou",
      field: "new_password",
      person: ANN,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("VALIDATION");
    expect((refused as AppError).fields).toEqual({ new_password: PASSWORD_CHECK_KEYS.common });
  });

  it("lets a strong password through", async () => {
    await expect(
      checkNewPassword(ctx, { password: "Mây trắng bay qua đồi 7", field: "password", person: ANN }),
    ).resolves.toBeUndefined();
  });
});
