"use client";
import { defineList } from "@/components/list/define-list";
import { type ListFormat, NONE } from "@/components/list/list-format";
import { listQuerySchema } from "@/lib/list-query";
import { referralPageDto } from "@/server/balance/schema";

/** Months granted, or `--` when none were. */
const months = (count: number | null, f: ListFormat) => (count === null ? NONE : f.t("months", { count }));

/** /referral: the accounts the person brought and the months each earned (SPEC §2). */
export const ReferralTable = defineList({
  call: "/referral/my-referral",
  query: listQuerySchema,
  page: referralPageDto,
  messages: "account.referral",
  columns: (c) => [
    c.text("email", "email", { value: (row) => row.userInfo.email }),
    c.text("verify_reward", "verifyReward", { value: (row, f) => months(row.verify_reward, f) }),
    c.text("purchased_reward", "purchasedReward", { value: (row, f) => months(row.purchased_reward, f) }),
    c.date("created_at", "createdAt", { sort: true }),
  ],
});
