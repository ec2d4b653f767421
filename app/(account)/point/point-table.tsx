"use client";
import { defineList } from "@/components/list/define-list";
import { listQuerySchema } from "@/lib/list-query";
import { pointLogPageDto } from "@/server/balance/schema";

/** /point: the person's point log (SPEC §2). */
export const PointTable = defineList({
  call: "/point/my-point-log",
  query: listQuerySchema,
  page: pointLogPageDto,
  messages: "account.point",
  columns: (c) => [
    c.text("email", "email", { value: (row) => row.user_email }),
    c.mono("reference_no", "referenceNo"),
    c.signed("point", "points", { sort: true, card: "amount" }),
    c.text("description", "description", {
      value: (row) => row.description ?? "",
      className: "min-w-48",
      wrap: true,
      card: "title",
    }),
    c.date("created_at", "createdAt", { sort: true }),
  ],
});
