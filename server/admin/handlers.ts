import "server-only";
import type { Ctx } from "@/server/context";
import { defineCall } from "@/server/http/call";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { consoleOperator, listAudit } from "./audit";
import { adjustPersonBalance } from "./balances";
import { dropOutbox, listOutbox, retryOutbox } from "./outbox";
import {
  getPerson,
  lockPerson,
  resendPersonVerification,
  resetPersonTwoFactor,
  searchPeople,
  signOutPerson,
  unlockPerson,
} from "./people";
import {
  ADMIN_REAUTH_MAX_AGE_SECONDS,
  adjustBalanceSchema,
  auditListSchema,
  auditPageDto,
  balanceAdjustedDto,
  lockPersonSchema,
  outboxDroppedDto,
  outboxIdSchema,
  outboxListSchema,
  outboxPageDto,
  outboxRetriedDto,
  peopleSearchSchema,
  personChangedDto,
  personDetailDto,
  personIdSchema,
  personPageDto,
  reset2faSchema,
  signedOutDto,
  signOutPersonSchema,
  verificationSentDto,
} from "./schema";

// DESIGN §13: the operator console's calls. Auth mode "admin" (server/http/caller.ts) lets only
// an admin whose sign-in proved the second factor in; a destructive or money action also asks
// for a re-authentication within 15 minutes (the console's step: /user/reauthenticate or
// /passkey/reauthenticate). The command line needs neither: it runs on the server.

/** REAUTH_REQUIRED unless this browser session re-authenticated within 15 minutes. */
const reauthenticated = (ctx: Ctx) => requireRecentReauth(ctx, ADMIN_REAUTH_MAX_AGE_SECONDS);

export const adminCalls = {
  "/admin/people/search": defineCall({
    auth: "admin",
    summary: "Operator: people found by part of an email, phone or name, or an exact id",
    input: peopleSearchSchema,
    output: personPageDto,
    run: async (ctx, input) => ({ data: await searchPeople(ctx, input) }),
  }),
  "/admin/people/get": defineCall({
    auth: "admin",
    summary: "Operator: one person with passkeys, live sessions, recent security events and audit rows",
    input: personIdSchema,
    output: personDetailDto,
    errors: ["PERSON_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await getPerson(ctx, input.id) }),
  }),
  "/admin/people/sign-out": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: sign one session of a person out, or all of them when no session is named",
    input: signOutPersonSchema,
    output: signedOutDto,
    errors: ["PERSON_NOT_FOUND", "DEVICE_NOT_FOUND", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      if (!input.session_id) await reauthenticated(ctx);
      return { data: await signOutPerson(consoleOperator(ctx), input) };
    },
  }),
  "/admin/people/lock": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: refuse a person's sign-in with a reason they are shown, ending their sessions",
    input: lockPersonSchema,
    output: personChangedDto,
    errors: ["PERSON_NOT_FOUND", "ACCOUNT_NOT_LOCKABLE", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await lockPerson(consoleOperator(ctx), input) };
    },
  }),
  "/admin/people/unlock": defineCall({
    auth: "admin",
    summary: "Operator: allow a locked person to sign in again",
    input: personIdSchema,
    output: personChangedDto,
    errors: ["PERSON_NOT_FOUND", "ACCOUNT_NOT_LOCKED"],
    run: async (ctx, input) => ({ data: await unlockPerson(consoleOperator(ctx), input) }),
  }),
  "/admin/people/reset-2fa": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary:
      "Operator: turn a person's two-factor off, removing its secret, backup codes and trusted browsers",
    input: reset2faSchema,
    output: personChangedDto,
    errors: ["PERSON_NOT_FOUND", "TWO_FA_NOT_ENABLED", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await resetPersonTwoFactor(consoleOperator(ctx), input) };
    },
  }),
  "/admin/people/resend-verification": defineCall({
    auth: "admin",
    summary: "Operator: email a person the link that verifies their address again",
    input: personIdSchema,
    output: verificationSentDto,
    errors: ["PERSON_NOT_FOUND", "PERSON_EMAIL_VERIFIED", "VERIFY_MAIL_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx, input) => ({
      data: await resendPersonVerification(ctx, consoleOperator(ctx), input),
    }),
  }),
  "/admin/people/adjust-balance": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: add to or take from a person's points, credit, API credit or money, with a note",
    input: adjustBalanceSchema,
    output: balanceAdjustedDto,
    errors: ["PERSON_NOT_FOUND", "AMOUNT_INVALID", "INSUFFICIENT_BALANCE", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await adjustPersonBalance(consoleOperator(ctx), input) };
    },
  }),
  "/admin/outbox/list": defineCall({
    auth: "admin",
    summary: "Operator: the outbox rows waiting, given up or sent, by channel and product",
    input: outboxListSchema,
    output: outboxPageDto,
    run: async (ctx, input) => ({ data: await listOutbox(ctx, input) }),
  }),
  "/admin/outbox/retry": defineCall({
    auth: "admin",
    summary: "Operator: send an undelivered outbox row again now, with a fresh set of attempts",
    input: outboxIdSchema,
    output: outboxRetriedDto,
    errors: ["OUTBOX_ROW_NOT_FOUND", "OUTBOX_ROW_SENT"],
    run: async (ctx, input) => ({ data: await retryOutbox(consoleOperator(ctx), input) }),
  }),
  "/admin/outbox/drop": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: delete an outbox row whatever its state",
    input: outboxIdSchema,
    output: outboxDroppedDto,
    errors: ["OUTBOX_ROW_NOT_FOUND", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await dropOutbox(consoleOperator(ctx), input) };
    },
  }),
  "/admin/audit/list": defineCall({
    auth: "admin",
    summary: "Operator: the audit log of every operator action, newest first",
    input: auditListSchema,
    output: auditPageDto,
    run: async (ctx, input) => ({ data: await listAudit(ctx, input) }),
  }),
};
