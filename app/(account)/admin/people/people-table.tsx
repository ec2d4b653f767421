"use client";
import Link from "next/link";
import { defineList } from "@/components/list/define-list";
import { NONE } from "@/components/list/list-format";
import { peopleSearchSchema, personPageDto } from "@/server/admin/schema";

/** /admin/people: everyone, searched by email, phone, name or id; a row opens the person's page. */
export const PeopleTable = defineList({
  call: "/admin/people/search",
  query: peopleSearchSchema,
  page: personPageDto,
  messages: ["admin.people", "admin"],
  dateRange: false,
  columns: (c) => [
    c.cell(
      "email",
      "email",
      (row, f) => (
        <Link
          href={`/admin/people/${encodeURIComponent(row.id)}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          aria-label={f.t("openPerson", { email: row.email })}
        >
          {row.email}
        </Link>
      ),
      { card: "title", wrap: true },
    ),
    c.text("fullname", "fullname", { wrap: true }),
    c.text("phone", "phone", { value: (row) => row.phone ?? NONE, className: "tabular-nums" }),
    c.text("status", "status", { value: (row, f) => f.t(`statuses.${row.status}`), card: "status" }),
    c.text("two_fa", "twoFa", { value: (row, f) => f.t(`twoFaKinds.${row.two_fa ?? "off"}`) }),
    c.date("created_at", "createdAt"),
  ],
  filters: (f) => [f.search("q", { label: "search", button: "searchButton" })],
});
