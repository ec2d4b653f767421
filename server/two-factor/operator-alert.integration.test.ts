// Issue 37, finding 6: a second factor added to an account with the admin scope (the authenticator
// app, SMS codes, or a passkey: each opens the console) writes an audit row about the person and
// emails them in their language; the console's person page lists the row. Anyone else: neither.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import th from "@/messages/th.json";
import { sweepDueDeletions } from "@/server/account-deletion/service";
import type { PersonDetailDto } from "@/server/admin/schema";
import { getDb } from "@/server/db/client";
import { type AuditRow, auditLog } from "@/server/db/tables/audit";
import { createOperator, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, ORIGIN, outbox } from "@/tests/setup/api";
import { addPasskey } from "@/tests/support/passkeys";
import { at, codeAt, type FlowData } from "@/tests/support/sign-in";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";

type Data = FlowData<{ secret?: string }>;
type Mail = ReturnType<typeof outbox>[number] & { template?: string; subject?: string; lang?: string };
const DAY = 86_400_000;

const alertsTo = (email: string): Mail[] =>
  (outbox() as Mail[]).filter((m) => m.to === email && m.template === "operator_second_factor");

async function auditRowsOf(personId: string): Promise<AuditRow[]> {
  return (await getDb())
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, personId))
    .orderBy(auditLog.at, auditLog.id);
}

const added = async (personId: string) =>
  (await auditRowsOf(personId)).filter((r) => r.action === "person.add_second_factor");

/** The password step, then the authenticator set up on /require-enable-2fa: the new session's cookie. */
async function enrolTotpAtSignIn(email: string): Promise<string> {
  const first = await call<Data>("/auth/signin", { email, password: PASSWORD });
  const customAuth = String(first.body.data.custom_auth);
  expect(first.body.data.redirect_url).toContain("/require-enable-2fa");
  const setup = await call<Data>("/auth2-fa/generate-setup-url", { custom_auth: customAuth });
  const t0 = Date.now();
  const done = await call<Data>(
    "/auth2-fa/enable-2fa",
    { custom_auth: customAuth, method: "totp", token: await codeAt(String(setup.body.data.secret), t0) },
    { clock: at(t0) },
  );
  expect(done.body.code, JSON.stringify(done.body)).toBe(200);
  return done.cookie;
}

beforeEach(() => resetLimitsForTests());

describe("a second factor added to an operator's account", () => {
  it("after a reset, the new authenticator: one mail in their language, one audit row, on their console page", async () => {
    const { user: operator } = await createOperator({ language: "th" });
    const { cookie: colleague } = await signedInOperator();
    await reauthenticate(colleague);
    const reset = await call<Data>(
      "/admin/people/reset-2fa",
      { id: operator.id, note: "Lost phone" },
      { cookie: colleague },
    );
    expect(reset.body.code, JSON.stringify(reset.body)).toBe(200);
    expect(alertsTo(operator.email)).toEqual([]);

    const cookie = await enrolTotpAtSignIn(operator.email);
    // The console is open to them again: hence the warning.
    expect((await call<Data>("/admin/people/search", { q: operator.email }, { cookie })).body.code).toBe(200);

    const mails = alertsTo(operator.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: "EMAIL",
      lang: "th",
      subject: th.notify.operatorSecondFactor.subject,
    });
    expect(mails[0]?.text).toContain(th.notify.operatorSecondFactor.methods.totp);

    const rows = await added(operator.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorId: operator.id,
      operator: operator.email,
      targetType: "person",
      before: { two_fa: null, two_fa_enabled_at: null },
      after: { two_fa: "totp", second_factor: "totp", two_fa_enabled_at: expect.any(String) },
    });

    // The person page lists it, newest first, above the colleague's reset.
    const page = await call<PersonDetailDto>("/admin/people/get", { id: operator.id }, { cookie: colleague });
    expect(page.body.data.audit.map((a) => [a.action, a.operator])).toEqual([
      ["person.add_second_factor", operator.email],
      ["person.reset_2fa", expect.any(String)],
    ]);
  });

  it("a passkey counts too (a passkey sign-in opens the console): one mail, one audit row", async () => {
    const { user: operator, cookie } = await signedInOperator({ language: "en" });
    await addPasskey(cookie, new SoftAuthenticator({ origin: ORIGIN }));
    const mails = alertsTo(operator.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ lang: "en", subject: en.notify.operatorSecondFactor.subject });
    expect(mails[0]?.text).toContain(en.notify.operatorSecondFactor.methods.passkey);
    expect((await added(operator.id)).map((r) => [r.before, r.after])).toEqual([
      [{ passkeys: 0 }, { passkeys: 1, second_factor: "passkey" }],
    ]);
  });
});

describe("a second factor added to anyone else's account", () => {
  it("the authenticator app or a passkey: no such mail, no audit row", async () => {
    const person = await createUser({ isRequire2fa: true });
    const cookie = await enrolTotpAtSignIn(person.email);
    await addPasskey(cookie, new SoftAuthenticator({ origin: ORIGIN }));
    expect(alertsTo(person.email)).toEqual([]);
    expect(await auditRowsOf(person.id)).toEqual([]);
  });
});

describe("erasing an operator who added their own second factor", () => {
  it("their own row keeps its action and time on their id; its actor reads as the anonymous account", async () => {
    const { user: operator, cookie } = await signedInOperator();
    await addPasskey(cookie, new SoftAuthenticator({ origin: ORIGIN }));
    const { user: colleague, cookie: colleagueCookie } = await signedInOperator();
    await reauthenticate(colleagueCookie);
    const deleted = await call<Data>(
      "/admin/people/delete",
      { id: operator.id, note: "Left the company" },
      { cookie: colleagueCookie },
    );
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);
    const [own] = await added(operator.id);
    if (!own) throw new Error("no audit row of the passkey");

    await sweepDueDeletions(await getDb(), new Date(Date.now() + 60 * DAY));
    const rows = await auditRowsOf(operator.id);
    expect(rows.map((r) => [r.action, r.operatorId, r.operator, r.ip, r.at.toISOString()])).toEqual([
      [
        "person.add_second_factor",
        operator.id,
        `deleted-${operator.id}@deleted.invalid`,
        null,
        own.at.toISOString(),
      ],
      ["person.delete", colleague.id, colleague.email, expect.any(String), expect.any(String)],
    ]);
    expect(JSON.stringify(rows)).not.toContain(operator.email);
  });
});
