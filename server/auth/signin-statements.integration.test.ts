// What one sign-in sends to the database (issue 21): the account lookup before the password check,
// then one statement after it that checks the device limit and writes the session, the last
// sign-in time and the "signin" event (and the product's session when it hands one out). A change
// that adds a round trip, or wraps them in a transaction, fails here.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type CallOptions, call, outbox } from "@/tests/setup/api";
import { as, CHROME_WINDOWS, FIREFOX_LINUX, type FlowData, signedIn } from "@/tests/support/sign-in";
import { statementsDuring } from "@/tests/support/statements";

type Data = FlowData<{
  last_login?: string | null;
  items?: { type: string; ip: string | null; data: Record<string, unknown>; app_code?: string }[];
}>;

beforeEach(() => {
  resetLimitsForTests();
});

/** One password sign-in, watched: its answer and the SQL of each statement it sent. */
async function watchedSignIn(email: string, options: CallOptions, body: Record<string, unknown> = {}) {
  const { result, statements } = await statementsDuring(() =>
    call<Data>("/auth/signin", { email, password: PASSWORD, ...body }, options),
  );
  expect(result.body.code, JSON.stringify(result.body)).toBe(200);
  return { res: result, statements };
}

/** A sent message's note in the outbox (issue 39: the console lists every message): the notice's, not the sign-in's. */
const isSentNote = (statement: string) => /^insert into "outbox"/.test(statement.trim());
const signInsOwn = (statements: string[]) => statements.filter((s) => !isSentNote(s));

/** The statements, numbered, for a failure message. */
const listed = (statements: string[]) => statements.map((s, i) => `${i + 1}. ${s}`).join("\n");

describe("the statements of one sign-in", () => {
  it("a plain password sign-in: the account lookup, then one statement, and no transaction", async () => {
    const user = await createUser();
    // The browser was seen before: no new-device mail on this path.
    await signedIn(user.email, as(CHROME_WINDOWS));
    const { res, statements } = await watchedSignIn(user.email, as(CHROME_WINDOWS, { ip: "10.21.0.1" }));
    expect(statements, listed(statements)).toHaveLength(2);
    expect(statements.some((s) => /^\s*(begin|commit)\b/i.test(s))).toBe(false);

    // Every write is there: the session (the answer's cookie works), the time, the event.
    const me = await call<Data>("/auth/userinfo", {}, { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(user.id);
    expect(me.body.data.last_login).toBeTruthy();
    const events = await call<Data>("/user/security-events", { limit: 10 }, { cookie: res.cookie });
    const signins = (events.body.data.items ?? []).filter((e) => e.type === "signin" && e.ip === "10.21.0.1");
    expect(signins.map((e) => e.data)).toEqual([{ source: "signin", app_code: "luid" }]);
  });

  it("a sign-in that hands a product its token: the same two statements", async () => {
    const user = await createUser();
    await signedIn(user.email, as(CHROME_WINDOWS));
    const { res, statements } = await watchedSignIn(user.email, as(CHROME_WINDOWS, { ip: "10.21.0.2" }), {
      callback_url: "https://app.example.com/start",
      app_code: "ls",
    });
    expect(statements, listed(statements)).toHaveLength(2);

    const target = new URL(String(res.body.data.redirect_url));
    expect(target.host).toBe("app.example.com");
    const product = await call<Data>(
      "/auth/userinfo",
      {},
      { headers: { authorization: String(target.searchParams.get("token")) } },
    );
    expect(product.body.data._id).toBe(user.id);
    const events = await call<Data>("/user/security-events", { limit: 10 }, { cookie: res.cookie });
    const signins = (events.body.data.items ?? []).filter((e) => e.type === "signin" && e.ip === "10.21.0.2");
    expect(signins.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { source: "signin", app_code: "luid" },
        { source: "signin", app_code: "ls", handoff: true },
      ]),
    );
    expect(signins).toHaveLength(2);
    // The product's token was handed out from this browser's session: signing it out ends both.
    await call("/auth/logout", {}, { cookie: res.cookie });
    const after = await call<Data>(
      "/auth/userinfo",
      {},
      { headers: { authorization: String(target.searchParams.get("token")) } },
    );
    expect(after.status).toBe(401);
  });

  it("a sign-in from a browser never seen before: the same two statements, and the notice goes out", async () => {
    const user = await createUser();
    const { statements } = await watchedSignIn(user.email, as(FIREFOX_LINUX));
    expect(signInsOwn(statements), listed(statements)).toHaveLength(2);
    // The notice's own note that it was sent (no address, no text), after the sign-in's two.
    expect(statements.filter(isSentNote), listed(statements)).toHaveLength(1);
    expect(isSentNote(statements.at(-1) ?? ""), listed(statements)).toBe(true);
    const mails = (outbox() as (ReturnType<typeof outbox>[number] & { template?: string })[]).filter(
      (m) => m.to === user.email && m.template === "new_device",
    );
    expect(mails).toHaveLength(1);
  });

  it("every sign-in sends the same two texts, whatever it writes: prepared once, not planned each time", async () => {
    const user = await createUser();
    await signedIn(user.email, as(CHROME_WINDOWS));
    const plain = await watchedSignIn(user.email, as(CHROME_WINDOWS, { ip: "10.21.0.3" }));
    const product = await watchedSignIn(user.email, as(FIREFOX_LINUX, { ip: "10.21.0.4" }), {
      callback_url: "https://app.example.com/start",
      app_code: "ls",
    });
    // One session and event, or two and a new browser: the values differ, the statements do not
    // (server/db/prepared.ts; the sessions and events go as arrays).
    expect(signInsOwn(product.statements), listed(product.statements)).toEqual(plain.statements);
  });

  it("a wrong password: the same lookup, then the failure event", async () => {
    const user = await createUser();
    const { result, statements } = await statementsDuring(() =>
      call<Data>("/auth/signin", { email: user.email, password: "Wrong#1234" }, as(CHROME_WINDOWS)),
    );
    expect(result.body.data.error).toBe("AUTH_INVALID_CREDENTIALS");
    expect(statements, listed(statements)).toHaveLength(2);
  });
});
