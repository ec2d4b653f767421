import "server-only";
import type { Ctx } from "@/server/context";
import { defineCall } from "@/server/http/call";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { consoleOperator } from "./audit";
import { listClients } from "./clients";
import { getPerson, searchPeople } from "./people";
import {
  deletePerson,
  exportPerson,
  listPersonBalanceLogs,
  setPersonRequire2fa,
  updatePersonInfo,
} from "./people-extra";
import {
  clientsDto,
  clientsListSchema,
  deletePersonSchema,
  exportPersonSchema,
  personBalanceLogPageDto,
  personBalanceLogsSchema,
  personDeletionDto,
  personExportDto,
  require2faSetDto,
  setRequire2faSchema,
  updateInfoSchema,
} from "./people-extra-schema";
import {
  ADMIN_REAUTH_MAX_AGE_SECONDS,
  peopleSearchSchema,
  personChangedDto,
  personDetailDto,
  personIdSchema,
  personPageDto,
} from "./schema";

// The person page's further calls, SPEC §7's operator calls and Operations (DESIGN §13). Auth
// mode "admin": the admin scope and a sign-in that proved the second factor, or refused
// (ADMIN_REQUIRED, ADMIN_2FA_REQUIRED). /user/list, /user/show and /user/update-info have no
// "own" answer, so a person without the scope is refused too. Exporting a person's data,
// deleting an account and no longer requiring two-factor also want a re-authentication within
// 15 minutes (issue 37).

/** REAUTH_REQUIRED unless this browser session re-authenticated within 15 minutes. */
const reauthenticated = (ctx: Ctx) => requireRecentReauth(ctx, ADMIN_REAUTH_MAX_AGE_SECONDS);

export const adminPeopleExtraCalls = {
  "/admin/people/balance-logs": defineCall({
    auth: "admin",
    summary: "Operator: one balance's log of a person (points, credit, API credit or money), newest first",
    input: personBalanceLogsSchema,
    output: personBalanceLogPageDto,
    errors: ["PERSON_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await listPersonBalanceLogs(ctx, input) }),
  }),
  "/admin/people/export": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: a person's data as the zip their own download gives, base64 (a support request)",
    input: exportPersonSchema,
    output: personExportDto,
    errors: ["PERSON_NOT_FOUND", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      // The person's whole data leaves the portal: as sensitive as any destructive action.
      await reauthenticated(ctx);
      return { data: await exportPerson(ctx, input) };
    },
  }),
  "/admin/people/delete": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary:
      "Operator: delete a person's account on a support request: suspended now, erased after the grace period",
    input: deletePersonSchema,
    output: personDeletionDto,
    errors: ["PERSON_NOT_FOUND", "ACCOUNT_DELETION_PENDING", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await deletePerson(ctx, input) };
    },
  }),
  "/admin/people/set-require-2fa": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: make two-factor mandatory for a person at sign-in, or not",
    input: setRequire2faSchema,
    output: require2faSetDto,
    errors: ["PERSON_NOT_FOUND", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      // Turning the requirement off weakens the person's sign-in; turning it on only protects it.
      if (!input.required) await reauthenticated(ctx);
      return { data: await setPersonRequire2fa(ctx, input) };
    },
  }),
  "/admin/clients/list": defineCall({
    auth: "admin",
    summary: "Operator: the configured product apps and OpenID Connect clients, without their secrets",
    input: clientsListSchema,
    output: clientsDto,
    run: async (ctx) => ({ data: listClients(ctx) }),
  }),
  "/user/list": defineCall({
    auth: "admin",
    summary: "Operator (SPEC §7): people found by part of an email, phone or name, or an exact id",
    input: peopleSearchSchema,
    output: personPageDto,
    run: async (ctx, input) => ({ data: await searchPeople(ctx, input) }),
  }),
  "/user/show": defineCall({
    auth: "admin",
    summary:
      "Operator (SPEC §7): one person with passkeys, live sessions, recent security events and audit rows",
    input: personIdSchema,
    output: personDetailDto,
    errors: ["PERSON_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await getPerson(ctx, input.id) }),
  }),
  "/user/update-info": defineCall({
    auth: "admin",
    summary: "Operator (SPEC §7): correct a person's name, phone, language or time zone",
    input: updateInfoSchema,
    output: personChangedDto,
    errors: ["PERSON_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await updatePersonInfo(consoleOperator(ctx), input) }),
  }),
};
