"use client";
import { defineList } from "@/components/list/define-list";
import { NONE } from "@/components/list/list-format";
import { formatIp } from "@/lib/format";
import { type AuditRowDto, auditListSchema, auditPageDto } from "@/server/admin/schema";

/** "field: before → after" for each changed field; the server never stores a secret here. */
function changes(row: AuditRowDto): string {
  const fields = new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})]);
  const show = (v: unknown) =>
    v === undefined || v === null ? "∅" : typeof v === "string" ? v : JSON.stringify(v);
  return (
    [...fields].map((k) => `${k}: ${show(row.before?.[k])} → ${show(row.after?.[k])}`).join("; ") || NONE
  );
}

/** An action's words: `person.lock` is `actions.person_lock` (a dot would be a nested key). */
const actionKey = (action: string) => `actions.${action.replace(".", "_")}`;

/** /admin/audit: every operator action (console and command line), newest first; read-only. */
export const AuditTable = defineList({
  call: "/admin/audit/list",
  query: auditListSchema,
  page: auditPageDto,
  messages: ["admin.audit", "admin"],
  columns: (c) => [
    c.date("at", "at"),
    c.text("operator", "operator", { card: "title", wrap: true }),
    c.text("action", "action", { value: (row, f) => f.t(actionKey(row.action)) }),
    c.text("target_id", "target", {
      value: (row) => `${row.target_type} ${row.target_id ?? ""}`.trim(),
      wrap: true,
    }),
    c.text("changes", "changes", { value: (row) => changes(row), wrap: true, className: "min-w-48" }),
    c.text("note", "note", { value: (row) => row.note ?? NONE, wrap: true }),
    c.text("ip", "ip", { value: (row) => (row.ip ? formatIp(row.ip) : NONE) }),
  ],
  filters: (f) => [
    f.search("operator", { label: "operatorFilter", button: "searchButton" }),
    f.search("target_id", { label: "targetFilter", button: "searchButton" }),
    f.select("action", {
      label: "actionFilter",
      all: "allActions",
      option: (value, f) => f.t(actionKey(value)),
    }),
  ],
});
