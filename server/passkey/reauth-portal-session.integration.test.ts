// Issue 37, finding 1: "confirm it's you" and every call that wants it answer only the portal's own
// browser session (the sealed cookie of a portal sign-in). A product's token from the hand-off, an
// OIDC access token or an API key in `authorization`, and a session adopted from a product's token
// (/iframe) are refused with REAUTH_PORTAL_SESSION_REQUIRED, and the password is never looked at
// for them: no oracle, no guess spent, nothing recorded. (An OIDC provider's real access token:
// server/oidc/oidc.integration.test.ts.)
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as iframe } from "@/app/iframe/route";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { securityEvents } from "@/server/db/tables/security-events";
import { users } from "@/server/db/tables/users";
import { registry } from "@/server/registry";
import { configureProducts, PRODUCT_KEYS } from "@/tests/factories/commerce";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, ORIGIN } from "@/tests/setup/api";
import type { FlowData } from "@/tests/support/sign-in";

type Data = FlowData<{ reauth_until?: string; reauth_required?: boolean; required?: boolean }>;

const REFUSED = "REAUTH_PORTAL_SESSION_REQUIRED";
const EN_TEXT =
  "Confirming it's you works only when you are signed in on the portal itself. A product's sign-in, an access token or an API key can't do it: open the portal, sign in and try again";

/** The reauthentication step's own calls, and the calls that want a recent one. */
const STEP_CALLS = [
  "/user/reauth-methods",
  "/user/reauthenticate",
  "/user/reauth-send-code",
  "/user/reauthenticate-code",
  "/passkey/reauth-options",
  "/passkey/reauthenticate",
];
/** Session calls whose operator reading alone wants it (a `user_id`): the services refuse tokens there. */
const OPERATOR_READINGS = ["/affilate/create", "/affilate/update"];
const GATED = Object.keys(registry).filter((path) => registry[path]?.portalSessionOnly);

/**
 * A person signed in on the portal with a product's callback: the browser's cookie, and the
 * product's own token from the hand-off (the callback's `token`), as the probe had it.
 */
async function personWithProductToken(language?: string) {
  const user = await createUser(language ? { language } : {});
  const res = await call<Data>("/auth/signin", {
    email: user.email,
    password: PASSWORD,
    callback_url: "https://app.example.com/welcome",
    app_code: "ls",
  });
  expect(res.body.code).toBe(200);
  const token = new URL(String(res.body.data.redirect_url)).searchParams.get("token");
  if (!token) throw new Error("no product token in the hand-off");
  return { user, cookie: `${res.cookie}; LANGUAGE=en`, token };
}

/** The product token adopted as the browser's session through /iframe (no other session there). */
async function adoptedCookie(token: string): Promise<string> {
  const url = new URL(`${ORIGIN}/iframe`);
  url.searchParams.set("app_code", "ls");
  url.searchParams.set("token", token);
  const response = await iframe(
    new Request(url, {
      headers: {
        host: "portal.test",
        "sec-fetch-site": "same-origin",
        "sec-fetch-dest": "document",
        "user-agent": "vitest",
        "x-forwarded-for": "10.0.0.9",
      },
    }),
  );
  const ssid = response.headers.getSetCookie().find((c) => c.startsWith("SSID=") && !c.startsWith("SSID=;"));
  if (!ssid) throw new Error("the token was not adopted");
  return `${ssid.split(";")[0]}; LANGUAGE=en`;
}

async function reauthEventsOf(userId: string) {
  return (await getDb())
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, "reauthenticated")));
}

async function failedEventsOf(userId: string) {
  return (await getDb())
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, "reauth_failed")));
}

async function statusOf(userId: string): Promise<string | undefined> {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, userId));
  return row?.status;
}

beforeAll(() => configureProducts());
beforeEach(() => resetLimitsForTests());

describe("which calls take part", () => {
  it("the step and every call that wants a recent re-authentication answer only the portal's browser session", () => {
    for (const path of STEP_CALLS) expect(registry[path]?.portalSessionOnly, path).toBe(true);
    // A call that says it may answer REAUTH_REQUIRED is one of them, or an operator reading of a
    // person's call (which a product's token makes too, for the person's own record).
    for (const [path, call] of Object.entries(registry)) {
      if (!call.errors?.includes("REAUTH_REQUIRED")) continue;
      if (OPERATOR_READINGS.includes(path)) {
        expect(call.errors, path).toContain(REFUSED);
        continue;
      }
      expect(call.portalSessionOnly, `${path} wants a re-authentication`).toBe(true);
    }
    expect(GATED).toEqual(
      expect.arrayContaining([
        "/account-deletion/request",
        "/account-deletion/send-code",
        "/passkey/registration-options",
        "/passkey/register",
        "/admin/people/export",
        "/admin/people/set-require-2fa",
        "/admin/people/lock",
      ]),
    );
  });
});

describe("a product's token from the hand-off (the probe's finding)", () => {
  it("cannot re-authenticate, whatever the password, and so cannot delete the account", async () => {
    const { user, token } = await personWithProductToken();
    const headers = { authorization: token, origin: "" };
    // Its own calls still work: the token is live.
    expect((await call<Data>("/auth/userinfo", {}, { headers })).body.code).toBe(200);

    const right = await call<Data>("/user/reauthenticate", { password: PASSWORD }, { headers });
    expect([right.status, right.body.data.error]).toEqual([403, REFUSED]);
    expect(right.body.data.reauth_until).toBeUndefined();
    // A wrong password is answered alike: the token learns nothing of it.
    const wrong = await call<Data>("/user/reauthenticate", { password: "Wrong#Guess1" }, { headers });
    expect([wrong.status, wrong.body.data.error, wrong.body.message]).toEqual([
      403,
      REFUSED,
      right.body.message,
    ]);

    const deletion = await call<Data>(
      "/account-deletion/request",
      { confirm_email: user.email },
      { headers },
    );
    expect([deletion.status, deletion.body.data.error]).toEqual([403, REFUSED]);
    expect(await statusOf(user.id)).toBe("ACTIVE");
    expect(await reauthEventsOf(user.id)).toEqual([]);
    expect(await failedEventsOf(user.id)).toEqual([]);
  });

  it("spends none of the person's guesses: after many tries the browser still confirms", async () => {
    const { user, cookie, token } = await personWithProductToken();
    for (let i = 0; i < 12; i++) {
      const res = await call<Data>(
        "/user/reauthenticate",
        { password: `Guess#${i}aaaa` },
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.body.data.error).toBe(REFUSED);
    }
    const own = await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie });
    expect(own.body.code, JSON.stringify(own.body)).toBe(200);
    expect((await reauthEventsOf(user.id)).map((e) => e.data.method)).toEqual(["password"]);
  });

  it("a re-authentication in the browser does not carry over to the product's token", async () => {
    const { user, cookie, token } = await personWithProductToken();
    expect((await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie })).body.code).toBe(
      200,
    );
    const deletion = await call<Data>(
      "/account-deletion/request",
      { confirm_email: user.email },
      { headers: { authorization: token } },
    );
    expect(deletion.body.data.error).toBe(REFUSED);
    expect(await statusOf(user.id)).toBe("ACTIVE");
  });

  it("says so by the language rule: the token's person's saved language, then Accept-Language, then Vietnamese", async () => {
    const refusal = (authorization: string, headers: Record<string, string> = {}) =>
      call<Data>("/user/reauthenticate", { password: PASSWORD }, { headers: { authorization, ...headers } });
    const vietnamese = /^Chỉ có thể xác nhận đó là bạn/;
    // The person behind the token saved English: said in English, whatever the caller's header.
    const english = await personWithProductToken("en");
    expect((await refusal(english.token)).body.message).toBe(EN_TEXT);
    expect((await refusal(english.token, { "accept-language": "th" })).body.message).toBe(EN_TEXT);
    // A person who saved Vietnamese: their language beats the caller's Accept-Language…
    const { token } = await personWithProductToken();
    expect((await refusal(token, { "accept-language": "en" })).body.message).toMatch(vietnamese);
    // …and the body's `lang` beats both.
    const asked = await call<Data>(
      "/user/reauthenticate",
      { password: PASSWORD, lang: "en" },
      { headers: { authorization: token, "accept-language": "th" } },
    );
    expect(asked.body.message).toBe(EN_TEXT);
    // An API key is no person: Accept-Language, else Vietnamese.
    const key = `Bearer ${PRODUCT_KEYS.ls}`;
    expect((await refusal(key, { "accept-language": "en" })).body.message).toBe(EN_TEXT);
    expect((await refusal(key)).body.message).toMatch(vietnamese);
  });
});

describe("every gated call refuses whatever `authorization` carries", () => {
  const credentials = {
    "a product's token": (token: string) => token,
    "a product's token as a bearer": (token: string) => `Bearer ${token}`,
    "an OIDC access token": () => "Bearer eyJhbGciOiJSUzI1NiJ9.opaque-access-token.signature",
    "a product's API key": () => `Bearer ${PRODUCT_KEYS.ls}`,
  };

  let person: Awaited<ReturnType<typeof personWithProductToken>>;
  beforeAll(async () => {
    // The person saved English and the caller asks for it: every credential is answered in English
    // (a person's token by the saved language, the others by Accept-Language).
    person = await personWithProductToken("en");
  });

  it.each(GATED)("%s", async (path) => {
    const { user, token } = person;
    for (const [what, header] of Object.entries(credentials)) {
      const res = await call<Data>(
        path,
        { password: PASSWORD, confirm_email: user.email, id: user.id },
        { headers: { authorization: header(token), origin: "", "accept-language": "en" } },
      );
      expect([res.status, res.body.data.error, res.body.message], `${path} with ${what}`).toEqual([
        403,
        REFUSED,
        EN_TEXT,
      ]);
    }
    expect(await statusOf(user.id)).toBe("ACTIVE");
    expect(await reauthEventsOf(user.id)).toEqual([]);
  });

  it.each(OPERATOR_READINGS)("%s: the operator reading is refused to a product's token", async (path) => {
    const { user, token } = await personWithProductToken();
    const res = await call<Data>(
      path,
      { user_id: user.id, payment_info: "ACB 0123456789" },
      { headers: { authorization: token } },
    );
    expect([res.status, res.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
  });
});

describe("a session adopted from a product's token (/iframe)", () => {
  it("is refused the step and what it guards, and is always told a re-authentication is needed", async () => {
    const { user, token } = await personWithProductToken();
    const cookie = await adoptedCookie(token);
    // The adopted session is the person's and serves their own calls.
    expect((await call<Data>("/auth/userinfo", {}, { cookie })).body.data.email).toBe(user.email);

    for (const path of ["/user/reauth-methods", "/user/reauth-send-code", "/passkey/reauth-options"]) {
      const res = await call<Data>(path, {}, { cookie });
      expect([res.status, res.body.data.error, res.body.message], path).toEqual([403, REFUSED, EN_TEXT]);
    }
    const step = await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie });
    expect(step.body.data.error).toBe(REFUSED);
    const wrong = await call<Data>("/user/reauthenticate", { password: "Wrong#Guess1" }, { cookie });
    expect(wrong.body.data.error).toBe(REFUSED);

    for (const path of ["/passkey/registration-options", "/account-deletion/send-code"]) {
      expect((await call<Data>(path, {}, { cookie })).body.data.error, path).toBe(REFUSED);
    }
    const deletion = await call<Data>("/account-deletion/request", { confirm_email: user.email }, { cookie });
    expect(deletion.body.data.error).toBe(REFUSED);

    const preview = await call<Data>("/account-deletion/preview", {}, { cookie });
    expect(preview.body.data.reauth_required).toBe(true);
    const passkeys = await call<Data>("/passkey/list", {}, { cookie });
    expect(passkeys.body.data.reauth_required).toBe(true);
    expect(await statusOf(user.id)).toBe("ACTIVE");
    expect(await reauthEventsOf(user.id)).toEqual([]);
    expect(await failedEventsOf(user.id)).toEqual([]);
  });

  it("the portal's own browser session still confirms and deletes", async () => {
    const { user, cookie } = await personWithProductToken();
    const methods = await call<Data>("/user/reauth-methods", {}, { cookie });
    expect(methods.body.data.required).toBe(true);
    expect((await call<Data>("/user/reauthenticate", { password: PASSWORD }, { cookie })).body.code).toBe(
      200,
    );
    const deletion = await call<Data>("/account-deletion/request", { confirm_email: user.email }, { cookie });
    expect(deletion.body.code, JSON.stringify(deletion.body)).toBe(200);
    expect(await statusOf(user.id)).toBe("DELETION_PENDING");
  });
});
