import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as getAvatar } from "@/app/uploads/avatars/[file]/route";
import type { Envelope } from "@/lib/http/envelope";
import { sha256 } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import { setAffiliateStatus } from "@/server/admin/service";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { dispatch } from "@/server/http/dispatch";
import { recordReferral } from "@/server/referral/service";
import { insertTrustedDevice, liveTrustedDeviceIds } from "@/server/two-factor/repository";
import { findUserById } from "@/server/user/repository";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, lastCode, ORIGIN } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string> };
type UserInfo = {
  _id: string;
  email: string;
  fullname: string;
  phone: string | null;
  avatar: string | null;
  language: string;
  timezone: string;
  code: string;
};
type AffiliateInfo = {
  code: string;
  flow_code: string | null;
  level: number;
  payment_info: string;
  referral_url: string;
  customer_count: number;
};

const MiB = 1024 * 1024;

beforeEach(() => {
  resetLimitsForTests();
});

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await call("/auth/signin", { email, password });
  expect(res.body.code).toBe(200);
  expect(res.cookie).toMatch(/SSID=/);
  return res.cookie;
}

async function signedIn(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { user, cookie: await signIn(user.email) };
}

async function userinfo(cookie: string): Promise<UserInfo> {
  const res = await call<UserInfo>("/auth/userinfo", {}, { cookie });
  expect(res.body.code).toBe(200);
  return res.body.data;
}

async function rowOf(id: string): Promise<UserRow> {
  const row = await findUserById(await getDb(), id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

type Upload = { bytes: Uint8Array; name: string; type?: string };

/** The multipart body the profile dialog sends: `jsonData` plus an optional `avatar` file. */
function profileForm(json: Record<string, unknown> | string, avatar?: Upload): FormData {
  const form = new FormData();
  form.append("jsonData", typeof json === "string" ? json : JSON.stringify(json));
  if (avatar) {
    form.append(
      "avatar",
      new File([Buffer.from(avatar.bytes)], avatar.name, { type: avatar.type ?? "application/octet-stream" }),
    );
  }
  return form;
}

/**
 * Posts a FormData through the real dispatch as a browser would: encoded bytes with their
 * boundary and a Content-Length (call() would JSON-stringify the body).
 */
async function postMultipart(apiPath: string, form: FormData, cookie?: string) {
  const encoded = new Request(`${ORIGIN}/2.0${apiPath}`, { method: "POST", body: form });
  const bytes = await encoded.arrayBuffer();
  const headers: Record<string, string> = {
    origin: ORIGIN,
    host: "portal.test",
    "user-agent": "vitest",
    "x-forwarded-for": "10.0.0.1",
    "content-type": String(encoded.headers.get("content-type")),
    "content-length": String(bytes.byteLength),
  };
  if (cookie) headers.cookie = cookie;
  const response = await dispatch(
    new Request(`${ORIGIN}/2.0${apiPath}`, { method: "POST", headers, body: bytes }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Envelope<Data>,
    setCookies: response.headers.getSetCookie(),
  };
}

const redPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: "#f00" } })
    .png()
    .toBuffer();

const avatarsDir = () => path.join(String(process.env.DATA_DIR), "uploads", "avatars");

async function avatarFilesOf(userId: string): Promise<string[]> {
  try {
    return (await readdir(avatarsDir())).filter((f) => f.startsWith(`${userId}-`));
  } catch {
    return [];
  }
}

describe("/user/update", () => {
  it("accepts a plain JSON body: name, language and time zone", async () => {
    const { user, cookie } = await signedIn();
    const res = await call<{ user: UserInfo }>(
      "/user/update",
      { fullname: "  Trần Thị B  ", language: "th", time_zone: "Asia/Bangkok" },
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.user.fullname).toBe("Trần Thị B");
    const me = await userinfo(cookie);
    expect(me.fullname).toBe("Trần Thị B");
    expect(me.language).toBe("th");
    expect(me.timezone).toBe("Asia/Bangkok");
    // The email never changes here.
    expect(me.email).toBe(user.email);
  });

  it("accepts multipart with jsonData and no file", async () => {
    const { cookie } = await signedIn();
    const res = await postMultipart(
      "/user/update",
      profileForm({ fullname: "Multipart Person", time_zone: "Europe/Paris" }),
      cookie,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const me = await userinfo(cookie);
    expect(me.fullname).toBe("Multipart Person");
    expect(me.timezone).toBe("Europe/Paris");
    expect(me.avatar).toBeNull();
  });

  it("requires the full name (JSON and multipart)", async () => {
    const { cookie } = await signedIn();
    const blank = await call<Data>("/user/update", { fullname: "   ", lang: "en" }, { cookie });
    expect(blank.status).toBe(400);
    expect(blank.body.data.error).toBe("VALIDATION");
    expect(blank.body.data.fields?.fullname).toBe("Full name is required");

    const missing = await postMultipart("/user/update", profileForm({ language: "en" }), cookie);
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields?.fullname).toBeTruthy();
    expect((await userinfo(cookie)).fullname).toBe("Test Person");
  });

  it("changes an unverified phone (normalised) and refuses an invalid one", async () => {
    const { cookie } = await signedIn({ isVerifyPhone: false });
    const ok = await call("/user/update", { fullname: "P", phone: "+84 987 654 321" }, { cookie });
    expect(ok.body.code).toBe(200);
    expect((await userinfo(cookie)).phone).toBe("0987654321");

    const bad = await call<Data>("/user/update", { fullname: "P", phone: "12345", lang: "en" }, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields?.phone).toBe("Please enter a valid phone number");
    expect(Object.keys(bad.body.data.fields ?? {})).toEqual(["phone"]);
    expect((await userinfo(cookie)).phone).toBe("0987654321");
  });

  it("ignores the phone once it is verified", async () => {
    const { user, cookie } = await signedIn({ isVerifyPhone: true });
    const res = await call("/user/update", { fullname: "Verified", phone: "0987654321" }, { cookie });
    expect(res.body.code).toBe(200);
    const me = await userinfo(cookie);
    expect(me.fullname).toBe("Verified");
    expect(me.phone).toBe(user.phone);
    // Even an invalid phone is simply ignored: the field is read-only.
    const invalid = await call("/user/update", { fullname: "Verified", phone: "12345" }, { cookie });
    expect(invalid.body.code).toBe(200);
    expect((await userinfo(cookie)).phone).toBe(user.phone);
  });

  it("refuses an unknown time zone and an unknown language", async () => {
    const { cookie } = await signedIn();
    const tz = await call<Data>(
      "/user/update",
      { fullname: "P", time_zone: "Mars/Olympus", lang: "en" },
      { cookie },
    );
    expect(tz.status).toBe(400);
    expect(tz.body.data.fields?.time_zone).toBe("Time zone is not a known time zone");

    const language = await call<Data>("/user/update", { fullname: "P", language: "fr" }, { cookie });
    expect(language.status).toBe(400);
    expect(language.body.data.fields?.language).toBeTruthy();

    const me = await userinfo(cookie);
    expect(me.timezone).toBe("Asia/Ho_Chi_Minh");
    expect(me.language).toBe("vi");
  });

  it("answers a readable LANGUAGE cookie when the language changes", async () => {
    const { cookie } = await signedIn();
    const res = await call("/user/update", { fullname: "P", language: "en" }, { cookie });
    expect(res.body.code).toBe(200);
    const language = res.setCookies.find((c) => c.startsWith("LANGUAGE="));
    expect(language?.split(";")[0]).toBe("LANGUAGE=en");
    expect(language).not.toMatch(/HttpOnly/i);
    expect(language).toMatch(/Max-Age=\d+/i);
    expect((await userinfo(cookie)).language).toBe("en");

    // No language in the body: no cookie.
    const same = await call("/user/update", { fullname: "P" }, { cookie });
    expect(same.setCookies.some((c) => c.startsWith("LANGUAGE="))).toBe(false);
    expect((await userinfo(cookie)).language).toBe("en");
  });

  it("stores an avatar as a 256×256 WebP served from /uploads/avatars", async () => {
    const { user, cookie } = await signedIn();
    const res = await postMultipart(
      "/user/update",
      profileForm({ fullname: "With Avatar" }, { bytes: await redPng(), name: "me.png", type: "image/png" }),
      cookie,
    );
    expect(res.status).toBe(200);
    const me = await userinfo(cookie);
    expect(me.fullname).toBe("With Avatar");
    const pattern = new RegExp(`^/uploads/avatars/(${user.id}-[0-9a-f]+\\.webp)$`);
    expect(me.avatar).toMatch(pattern);
    const file = String(me.avatar?.match(pattern)?.[1]);

    const stored = await readFile(path.join(avatarsDir(), file));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(256);
    expect(meta.height).toBe(256);

    const served = await getAvatar(new Request(`${ORIGIN}${me.avatar}`), {
      params: Promise.resolve({ file }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);

    const traversal = await getAvatar(new Request(`${ORIGIN}/uploads/avatars/x`), {
      params: Promise.resolve({ file: "../../secret.webp" }),
    });
    expect(traversal.status).toBe(404);
    const unknown = await getAvatar(new Request(`${ORIGIN}/uploads/avatars/x`), {
      params: Promise.resolve({ file: `${user.id}-000000000000.webp` }),
    });
    expect(unknown.status).toBe(404);
  });

  describe("bad uploads change nothing", () => {
    /** A person with an avatar already, so "unchanged" means something. */
    async function withAvatar() {
      const { user, cookie } = await signedIn();
      const first = await postMultipart(
        "/user/update",
        profileForm({ fullname: "Before" }, { bytes: await redPng(), name: "a.png", type: "image/png" }),
        cookie,
      );
      expect(first.status).toBe(200);
      const before = await userinfo(cookie);
      expect(before.avatar).toBeTruthy();
      expect(await avatarFilesOf(user.id)).toHaveLength(1);
      return { user, cookie, before };
    }

    async function expectUnchanged(ctx: Awaited<ReturnType<typeof withAvatar>>) {
      const after = await userinfo(ctx.cookie);
      expect(after.avatar).toBe(ctx.before.avatar);
      expect(after.fullname).toBe("Before");
      expect(await avatarFilesOf(ctx.user.id)).toHaveLength(1);
    }

    it("over 5 MiB: 413 AVATAR_TOO_LARGE", async () => {
      const ctx = await withAvatar();
      const png = await redPng();
      const bytes = Buffer.concat([png, Buffer.alloc(5 * MiB + 1 - png.length)]);
      const res = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After", lang: "en" }, { bytes, name: "big.png", type: "image/png" }),
        ctx.cookie,
      );
      expect(res.status).toBe(413);
      expect(res.body.code).toBe(413);
      expect(res.body.data.error).toBe("AVATAR_TOO_LARGE");
      expect(res.body.data.fields?.avatar).toBe(en.errors.AVATAR_TOO_LARGE);
      await expectUnchanged(ctx);
    });

    it("exactly 5 MiB is not refused for its size", async () => {
      const ctx = await withAvatar();
      const png = await redPng();
      // A valid image padded to the limit: the size passes, the trailing bytes are ignored by the decoder.
      const bytes = Buffer.concat([png, Buffer.alloc(5 * MiB - png.length)]);
      const res = await postMultipart(
        "/user/update",
        profileForm({ fullname: "Before" }, { bytes, name: "edge.png", type: "image/png" }),
        ctx.cookie,
      );
      expect(res.body.data?.error).not.toBe("AVATAR_TOO_LARGE");
      expect(res.status).toBe(200);
    });

    it("a body over 6 MiB: 413 PAYLOAD_TOO_LARGE before anything is read", async () => {
      const ctx = await withAvatar();
      const bytes = Buffer.alloc(6 * MiB + 1);
      const res = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After" }, { bytes, name: "huge.png", type: "image/png" }),
        ctx.cookie,
      );
      expect(res.status).toBe(413);
      expect(res.body.data.error).toBe("PAYLOAD_TOO_LARGE");
      await expectUnchanged(ctx);
    });

    it("text bytes named photo.png: AVATAR_NOT_IMAGE", async () => {
      const ctx = await withAvatar();
      const res = await postMultipart(
        "/user/update",
        profileForm(
          { fullname: "After", lang: "en" },
          {
            bytes: Buffer.from("hello, this is not a picture\n".repeat(20)),
            name: "photo.png",
            type: "image/png",
          },
        ),
        ctx.cookie,
      );
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe("AVATAR_NOT_IMAGE");
      expect(res.body.data.fields?.avatar).toBe(en.errors.AVATAR_NOT_IMAGE);
      await expectUnchanged(ctx);
    });

    it("a renamed exe: refused by name (.exe), and not an image when named .png", async () => {
      const ctx = await withAvatar();
      const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90)]);
      const asExe = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After" }, { bytes: exe, name: "avatar.exe", type: "image/png" }),
        ctx.cookie,
      );
      expect(asExe.status).toBe(400);
      expect(asExe.body.data.error).toBe("AVATAR_REFUSED");
      expect(asExe.body.data.fields?.avatar).toBeTruthy();

      const upper = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After" }, { bytes: await redPng(), name: "AVATAR.BAT" }),
        ctx.cookie,
      );
      expect(upper.body.data.error).toBe("AVATAR_REFUSED");

      const asPng = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After" }, { bytes: exe, name: "avatar.png", type: "image/png" }),
        ctx.cookie,
      );
      expect(asPng.status).toBe(400);
      expect(asPng.body.data.error).toBe("AVATAR_NOT_IMAGE");
      await expectUnchanged(ctx);
    });

    it("a corrupt image (PNG header, then garbage): AVATAR_NOT_IMAGE", async () => {
      const ctx = await withAvatar();
      const png = await redPng();
      // Signature and IHDR (33 bytes) intact, so the header reads as a PNG; the pixels are garbage.
      const garbage = Buffer.alloc(2048);
      for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 37 + 11) % 256;
      const corrupt = Buffer.concat([png.subarray(0, 33), garbage]);
      const res = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After" }, { bytes: corrupt, name: "broken.png", type: "image/png" }),
        ctx.cookie,
      );
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe("AVATAR_NOT_IMAGE");

      // A cut-off PNG: its header reads as a PNG, its pixels cannot be decoded.
      const truncated = png.subarray(0, png.length - 20);
      expect((await sharp(truncated).metadata()).format).toBe("png");
      const cut = await postMultipart(
        "/user/update",
        profileForm({ fullname: "After" }, { bytes: truncated, name: "cut.png", type: "image/png" }),
        ctx.cookie,
      );
      expect(cut.status).toBe(400);
      expect(cut.body.data.error).toBe("AVATAR_NOT_IMAGE");

      const headerOnly = await postMultipart(
        "/user/update",
        profileForm(
          { fullname: "After" },
          { bytes: png.subarray(0, 8), name: "short.png", type: "image/png" },
        ),
        ctx.cookie,
      );
      expect(headerOnly.body.data.error).toBe("AVATAR_NOT_IMAGE");
      await expectUnchanged(ctx);
    });

    it("an empty file is no change of avatar", async () => {
      const ctx = await withAvatar();
      const res = await postMultipart(
        "/user/update",
        profileForm({ fullname: "Before" }, { bytes: new Uint8Array(0), name: "empty.png" }),
        ctx.cookie,
      );
      expect(res.status).toBe(200);
      await expectUnchanged(ctx);
    });
  });

  it("refuses broken jsonData with BAD_JSON", async () => {
    const { cookie } = await signedIn();
    const broken = await postMultipart("/user/update", profileForm("{not json"), cookie);
    expect(broken.status).toBe(400);
    expect(broken.body.data.error).toBe("BAD_JSON");
    const array = await postMultipart("/user/update", profileForm("[1,2]"), cookie);
    expect(array.body.data.error).toBe("BAD_JSON");
  });

  it("needs a session (JSON and multipart)", async () => {
    const json = await call("/user/update", { fullname: "Nobody" });
    expect(json.status).toBe(401);
    const multipart = await postMultipart(
      "/user/update",
      profileForm({ fullname: "Nobody" }, { bytes: await redPng(), name: "a.png", type: "image/png" }),
    );
    expect(multipart.status).toBe(401);
    expect(multipart.body.code).toBe(401);
  });

  it("a multipart body to a JSON-only call is BAD_JSON", async () => {
    const { cookie } = await signedIn();
    const form = new FormData();
    form.append(
      "jsonData",
      JSON.stringify({ old_password: PASSWORD, new_password: "Other kettle parade 1234" }),
    );
    form.append("old_password", PASSWORD);
    const res = await postMultipart("/user/change-password", form, cookie);
    expect(res.status).toBe(400);
    expect(res.body.data.error).toBe("BAD_JSON");
    // Nothing changed: the old password still signs in.
    await signIn((await userinfo(cookie)).email);
  });
});

describe("/user/change-password", () => {
  const NEW = "Fresh kettle parade 4567";

  it("refuses a wrong current password on its field", async () => {
    const { cookie } = await signedIn();
    const res = await call<Data>(
      "/user/change-password",
      { old_password: "Wrong#999", new_password: NEW, confirm_password: NEW, lang: "en" },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.error).toBe("PASSWORD_INCORRECT");
    expect(res.body.data.fields?.old_password).toBe(en.errors.PASSWORD_INCORRECT);
  });

  it("validates the new password (the one rule, 8–64) and the confirmation, in the person's language", async () => {
    const { cookie } = await signedIn();
    const short = await call<Data>(
      "/user/change-password",
      { old_password: PASSWORD, new_password: "abc1234", confirm_password: "abc1234", lang: "en" },
      { cookie },
    );
    expect(short.status).toBe(400);
    expect(short.body.data.fields?.new_password).toBe("New password must be at least 8 characters");

    const long = await call<Data>(
      "/user/change-password",
      { old_password: PASSWORD, new_password: "a".repeat(65), confirm_password: "a".repeat(65), lang: "en" },
      { cookie },
    );
    expect(long.body.data.fields?.new_password).toBe("New password must be at most 64 characters");

    const mismatch = await call<Data>(
      "/user/change-password",
      { old_password: PASSWORD, new_password: NEW, confirm_password: `${NEW}x` },
      { cookie: `${cookie}; LANGUAGE=en` },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields?.confirm_password).toBe("New password and confirmation do not match");

    const missing = await call<Data>("/user/change-password", { lang: "en" }, { cookie });
    expect(Object.keys(missing.body.data.fields ?? {})).toEqual(
      expect.arrayContaining(["old_password", "new_password", "confirm_password"]),
    );
    // None of those changed anything.
    await signIn((await userinfo(cookie)).email);
  });

  it("changes the password, keeps this session and signs out every other one", async () => {
    const { user, cookie } = await signedIn();
    const other = await signIn(user.email);
    expect((await call("/auth/userinfo", {}, { cookie: other })).status).toBe(200);

    const db = await getDb();
    const now = new Date();
    await insertTrustedDevice(db, {
      id: `td-${user.id}`,
      userId: user.id,
      tokenHash: sha256(`trusted-${user.id}`),
      userAgent: "vitest",
      ip: "10.0.0.1",
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    });
    expect((await liveTrustedDeviceIds(db, user.id, new Date())).size).toBe(1);

    const res = await call(
      "/user/change-password",
      { old_password: PASSWORD, new_password: NEW, confirm_password: NEW, lang: "en" },
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(en.account.password.changed);

    expect((await call("/auth/userinfo", {}, { cookie })).status).toBe(200);
    expect((await call("/auth/userinfo", {}, { cookie: other })).status).toBe(401);
    expect((await liveTrustedDeviceIds(db, user.id, new Date())).size).toBe(0);

    const old = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body.data.error).toBe("AUTH_INVALID_CREDENTIALS");
    await signIn(user.email, NEW);
  });

  it("never accepts a new password that sign-in would refuse", async () => {
    const { user, cookie } = await signedIn();
    const six = "abc123";
    const res = await call(
      "/user/change-password",
      { old_password: PASSWORD, new_password: six, confirm_password: six },
      { cookie },
    );
    expect(res.status).toBe(400);
    // The account stays reachable with the password it had.
    const signin = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    expect(signin.body.code).toBe(200);
  });

  it("needs a session", async () => {
    const res = await call("/user/change-password", {
      old_password: PASSWORD,
      new_password: NEW,
      confirm_password: NEW,
    });
    expect(res.status).toBe(401);
  });
});

describe.each([
  ["/user/change-affilate-code", "builder"],
  ["/user/change-flow-affilate-code", "flow"],
] as const)("%s", (callPath, which) => {
  const codeOf = async (id: string) => {
    const row = await rowOf(id);
    return which === "builder" ? row.code : row.flowAffilateCode;
  };

  it("validates the code: 2–45 letters, digits, - and _", async () => {
    const { user, cookie } = await signedIn();
    const before = await codeOf(user.id);
    for (const bad of ["a", "a".repeat(46), "a b", "<x>", "ab.c", "mã-số", ""]) {
      const res = await call<Data>(callPath, { affilate_code: bad, lang: "en" }, { cookie });
      expect(res.status, bad).toBe(400);
      expect(res.body.data.error, bad).toBe("VALIDATION");
      expect(res.body.data.fields?.affilate_code, bad).toBeTruthy();
    }
    const chars = await call<Data>(callPath, { affilate_code: "a b", lang: "en" }, { cookie });
    expect(chars.body.data.fields?.affilate_code).toBe(
      "Affiliate code may contain only letters, digits, - and _",
    );
    expect(await codeOf(user.id)).toBe(before);

    for (const good of ["ab", "a".repeat(45), "Ab_9-z"]) {
      const res = await call(callPath, { affilate_code: good }, { cookie });
      expect(res.status, good).toBe(200);
      expect(await codeOf(user.id)).toBe(good);
    }
  });

  it("refuses a code another person has, case-insensitively (409 CODE_TAKEN)", async () => {
    const owner = await createUser();
    const code = `Taken${owner.id.slice(-8)}`;
    const { cookie: ownerCookie } = { cookie: await signIn(owner.email) };
    expect((await call(callPath, { affilate_code: code }, { cookie: ownerCookie })).status).toBe(200);

    const { user, cookie } = await signedIn();
    const before = await codeOf(user.id);
    const res = await call<Data>(callPath, { affilate_code: code.toUpperCase(), lang: "en" }, { cookie });
    expect(res.status).toBe(409);
    expect(res.body.data.error).toBe("CODE_TAKEN");
    expect(res.body.data.fields?.affilate_code).toBeTruthy();
    expect(res.body.message).toContain(code.toUpperCase());
    expect(await codeOf(user.id)).toBe(before);
  });

  it("accepts the person's own current code again, in any case", async () => {
    const { user, cookie } = await signedIn();
    const mine = `Mine${user.id.slice(-8)}`;
    expect((await call(callPath, { affilate_code: mine }, { cookie })).status).toBe(200);
    const again = await call<{ affilate_code: string }>(callPath, { affilate_code: mine }, { cookie });
    expect(again.status).toBe(200);
    expect(again.body.data.affilate_code).toBe(mine);
    const recased = await call(callPath, { affilate_code: mine.toLowerCase() }, { cookie });
    expect(recased.status).toBe(200);
    expect(await codeOf(user.id)).toBe(mine.toLowerCase());
  });

  it("needs a session", async () => {
    expect((await call(callPath, { affilate_code: "nobody" })).status).toBe(401);
  });
});

describe("affiliate codes: builder and flow", () => {
  it("a new builder code shows in userinfo, the referral link and refers new accounts", async () => {
    const { user, cookie } = await signedIn();
    const code = `New-${user.id.slice(-10)}`;
    const res = await call("/user/change-affilate-code", { affilate_code: code, lang: "en" }, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(en.account.affiliate.codeChanged);
    expect((await userinfo(cookie)).code).toBe(code);

    const info = await call<{ code: string; referral_url: string }>(
      "/user/my-refferral-info",
      {},
      { cookie },
    );
    expect(info.body.data.code).toBe(code);
    expect(info.body.data.referral_url).toBe(`${ORIGIN}/signup?referral_id=${code}`);

    // The new code is what a sign-up link now resolves to; the old one no longer does.
    const db = await getDb();
    const referred = await createUser();
    expect(await recordReferral({ db, clock: () => new Date() }, referred.id, { referral_id: code })).toBe(
      user.id,
    );
    const stranger = await createUser();
    expect(
      await recordReferral({ db, clock: () => new Date() }, stranger.id, { referral_id: user.code }),
    ).toBeUndefined();
  });

  it("the flow code leaves the builder code alone, and the other way round", async () => {
    const { user, cookie } = await signedIn();
    const flow = `Flow-${user.id.slice(-10)}`;
    expect((await call("/user/change-flow-affilate-code", { affilate_code: flow }, { cookie })).status).toBe(
      200,
    );
    const row = await rowOf(user.id);
    expect(row.flowAffilateCode).toBe(flow);
    expect(row.code).toBe(user.code);
    expect((await userinfo(cookie)).code).toBe(user.code);
  });

  it("builder and flow codes are checked each in their own column", async () => {
    const a = await signedIn();
    const b = await signedIn();
    // b may take a's builder code as a flow code, and a's flow code as a builder code.
    const aFlow = `AF-${a.user.id.slice(-10)}`;
    expect(
      (await call("/user/change-flow-affilate-code", { affilate_code: aFlow }, { cookie: a.cookie })).status,
    ).toBe(200);
    expect(
      (await call("/user/change-flow-affilate-code", { affilate_code: a.user.code }, { cookie: b.cookie }))
        .status,
    ).toBe(200);
    expect(
      (await call("/user/change-affilate-code", { affilate_code: aFlow }, { cookie: b.cookie })).status,
    ).toBe(200);
    const rowB = await rowOf(b.user.id);
    expect(rowB.flowAffilateCode).toBe(a.user.code);
    expect(rowB.code).toBe(aFlow);
    // But not a's flow code as a flow code.
    const taken = await call<Data>(
      "/user/change-flow-affilate-code",
      { affilate_code: aFlow },
      { cookie: b.cookie },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.data.error).toBe("CODE_TAKEN");
  });
});

describe("/affilate/my-affilate-info and /affilate/update-my-info", () => {
  it("is null for someone outside the programme, who cannot save payment info", async () => {
    const { cookie } = await signedIn();
    const info = await call<{ affilateInfo: AffiliateInfo | null }>(
      "/affilate/my-affilate-info",
      {},
      { cookie },
    );
    expect(info.status).toBe(200);
    expect(info.body.data.affilateInfo).toBeNull();

    const save = await call<Data>(
      "/affilate/update-my-info",
      { payment_info: "Bank 123", lang: "en" },
      { cookie },
    );
    expect(save.status).toBe(403);
    expect(save.body.data.error).toBe("NOT_AFFILIATE");
    expect(save.body.message).toBe(en.errors.NOT_AFFILIATE);
  });

  it("shows an affiliate's code, level, payment info, link and customers", async () => {
    const { user, cookie } = await signedIn();
    const db = await getDb();
    await setAffiliateStatus(db, user.email, true);
    const info = await call<{ affilateInfo: AffiliateInfo }>("/affilate/my-affilate-info", {}, { cookie });
    expect(info.body.data.affilateInfo).toMatchObject({
      code: user.code,
      level: 1,
      payment_info: "",
      customer_count: 0,
    });
    expect(info.body.data.affilateInfo.referral_url).toContain(`/signup?referral_id=${user.code}`);

    for (let i = 0; i < 2; i++) {
      const referred = await createUser();
      await recordReferral({ db, clock: () => new Date() }, referred.id, { referral_id: user.code });
    }
    const after = await call<{ affilateInfo: AffiliateInfo }>("/affilate/my-affilate-info", {}, { cookie });
    expect(after.body.data.affilateInfo.customer_count).toBe(2);
  });

  it("refuses empty payment info with SPEC's message, then saves it", async () => {
    const { user, cookie } = await signedIn();
    await setAffiliateStatus(await getDb(), user.email, true);
    for (const body of [{ payment_info: "" }, { payment_info: "   \n " }]) {
      const res = await call<Data>("/affilate/update-my-info", { ...body, lang: "en" }, { cookie });
      expect(res.status).toBe(400);
      expect(res.body.data.fields?.payment_info).toBe("Please enter your payment information");
      expect(res.body.message).toBe("Please enter your payment information");
    }
    const text = "Vietcombank 0123456789\nNguyen Van A";
    const ok = await call<{ payment_info: string }>(
      "/affilate/update-my-info",
      { payment_info: `  ${text}  `, lang: "en" },
      { cookie },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(en.account.affiliate.paymentSaved);
    const info = await call<{ affilateInfo: AffiliateInfo }>("/affilate/my-affilate-info", {}, { cookie });
    expect(info.body.data.affilateInfo.payment_info).toBe(text);
  });

  it("a missing or null payment info also answers 'Please enter your payment information'", async () => {
    const { user, cookie } = await signedIn();
    await setAffiliateStatus(await getDb(), user.email, true);
    for (const body of [{}, { payment_info: null }]) {
      const res = await call<Data>("/affilate/update-my-info", { ...body, lang: "en" }, { cookie });
      expect(res.status).toBe(400);
      // updateAffiliateInfoSchema names this message for a non-string too (z.string({ error })).
      expect(res.body.data.fields?.payment_info).toBe("Please enter your payment information");
    }
  });
});

describe("/user/my-ref-affilate and /user/my-refferral-info", () => {
  it("a person who signed up with a referral_id sees the referrer's email", async () => {
    const referrer = await createUser();
    // A phone no account of this file verified (a verified one would make the sign-up a decoy).
    const { body, response } = await signUp({ referral_id: referrer.code, phone: "0976 543 210" });
    const verified = await call("/auth/verify-account", {
      token: String((response.body.data as Data).token),
      code: lastCode(String(body.email)),
    });
    expect(verified.body.code).toBe(200);
    const res = await call<{ referrer: { email: string; code: string } | null }>(
      "/user/my-ref-affilate",
      {},
      { cookie: verified.cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.referrer).toEqual({ email: referrer.email, code: referrer.code });
  });

  it("a referral recorded at sign-up shows the referrer; nobody otherwise", async () => {
    const referrer = await createUser();
    const { user, cookie } = await signedIn();
    const none = await call<{ referrer: unknown }>("/user/my-ref-affilate", {}, { cookie });
    expect(none.body.data.referrer).toBeNull();
    await recordReferral({ db: await getDb(), clock: () => new Date() }, user.id, {
      referral_id: referrer.code,
    });
    const some = await call<{ referrer: { email: string } }>("/user/my-ref-affilate", {}, { cookie });
    expect(some.body.data.referrer.email).toBe(referrer.email);
  });

  it("counts the accounts a person referred, all and verified", async () => {
    const { user, cookie } = await signedIn();
    const empty = await call<{ total: number; verified: number }>("/user/my-refferral-info", {}, { cookie });
    expect(empty.body.data).toMatchObject({ total: 0, verified: 0 });

    const db = await getDb();
    const clock = () => new Date();
    for (const isVerifyEmail of [true, true, false]) {
      const referred = await createUser({ isVerifyEmail });
      await recordReferral({ db, clock }, referred.id, { referral_id: user.code });
    }
    // Someone else's referral does not count here.
    const other = await createUser();
    await recordReferral({ db, clock }, (await createUser()).id, { referral_id: other.code });

    const res = await call<{ total: number; verified: number; referral_url: string }>(
      "/user/my-refferral-info",
      {},
      { cookie },
    );
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.verified).toBe(2);
    expect(res.body.data.referral_url).toBe(`${ORIGIN}/signup?referral_id=${user.code}`);
  });

  it("needs a session", async () => {
    expect((await call("/user/my-ref-affilate")).status).toBe(401);
    expect((await call("/user/my-refferral-info")).status).toBe(401);
    expect((await call("/affilate/my-affilate-info")).status).toBe(401);
    expect((await call("/affilate/update-my-info", { payment_info: "x" })).status).toBe(401);
  });
});
