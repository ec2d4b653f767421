// Issue 25 "sign in once": a person signed in here whom a product sends to /signin is handed
// straight back with a token of the product's own, as after a password sign-in.
import { beforeAll, describe, expect, it } from "vitest";
import { configureProducts, signIn } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

const CALLBACK = "https://ls.family.example/after?x=1";

beforeAll(() => configureProducts());

type Handoff = {
  redirect_url: string;
  post_message?: { target_origin: string; message: { luid: { token?: string; is_close_iframe?: boolean } } };
};

const userinfo = (token: string) =>
  call<{ email: string }>(
    "/auth/userinfo",
    {},
    { headers: { origin: "", authorization: `Bearer ${token}` } },
  );

describe("/auth/continue", () => {
  it("hands a signed-in person to the allowed callback with a fresh product token", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    const r = await call<Handoff>("/auth/continue", { callback_url: CALLBACK, app_code: "ls" }, { cookie });
    expect(r.body.code).toBe(200);
    const url = new URL(r.body.data.redirect_url);
    expect(`${url.origin}${url.pathname}`).toBe("https://ls.family.example/after");
    expect(url.searchParams.get("login_callback")).toBe("signin");
    expect(url.searchParams.get("x")).toBe("1");
    const token = String(url.searchParams.get("token"));
    expect((await userinfo(token)).body.data.email).toBe(user.email);
    // A second visit gets another token; the browser's session is unchanged.
    const again = await call<Handoff>(
      "/auth/continue",
      { callback_url: CALLBACK, app_code: "ls" },
      { cookie },
    );
    expect(new URL(again.body.data.redirect_url).searchParams.get("token")).not.toBe(token);
    expect(r.setCookies.filter((c) => c.startsWith("SSID="))).toEqual([]);
    // Single sign-out: the token was handed out from that session.
    await call("/auth/logout", {}, { cookie });
    expect((await userinfo(token)).status).toBe(401);
  });

  it("posts the token to an allowed embedding page in iframe mode", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    const r = await call<Handoff>(
      "/auth/continue",
      { callback_url: CALLBACK, app_code: "ls", iframe: true, parent_origin: "https://ls.family.example" },
      { cookie },
    );
    expect(r.body.data.post_message?.target_origin).toBe("https://ls.family.example");
    expect(r.body.data.post_message?.message.luid.is_close_iframe).toBe(true);
    expect(r.body.data.post_message?.message.luid.token).toBeTruthy();
  });

  it("never sends a token off the allow-list", async () => {
    const user = await createUser();
    const cookie = await signIn(user);
    const r = await call<Handoff>(
      "/auth/continue",
      { callback_url: "https://evil.example/cb", app_code: "ls" },
      { cookie },
    );
    expect(r.body.data.redirect_url).not.toContain("evil.example");
    expect(r.body.data.redirect_url).not.toContain("token=");
  });

  it("asks for a session", async () => {
    const r = await call("/auth/continue", { callback_url: CALLBACK, app_code: "ls" });
    expect(r.status).toBe(401);
  });
});

describe("server-to-server answers in the caller's language (issue 25)", () => {
  const ask = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    call("/auth/userinfo", body, {
      headers: { origin: "", authorization: "Bearer no-such-token", ...headers },
    });

  it("follows Accept-Language, then the body's lang; Vietnamese without either", async () => {
    const vi = await ask({});
    const en = await ask({ "accept-language": "en-US,en;q=0.9" });
    const th = await ask({ "accept-language": "fr, th;q=0.8" });
    const id = await ask({ "accept-language": "en" }, { lang: "id" });
    expect(en.status).toBe(401);
    expect(new Set([vi.body.message, en.body.message, th.body.message, id.body.message]).size).toBe(4);
    expect(en.body.message).toMatch(/^[\x20-\x7e]+$/);
    expect(th.body.message).toMatch(/[\u0e00-\u0e7f]/);
  });
});
