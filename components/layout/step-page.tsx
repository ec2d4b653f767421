import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import type { FLOW_STATUS_PURPOSES, FLOW_STEPS, FlowInfoDto, FlowStatusDto } from "@/server/auth/schema";
import { pageCall } from "@/server/http/page-call";
import { AuthCard } from "./auth-card";
import { ExpiredStep } from "./expired-step";

/** The step behind the token (masked destination, method…), or null when there is none. */
export const stepInfo = cache(
  async (token: string | undefined, step: (typeof FLOW_STEPS)[number]): Promise<FlowInfoDto | null> => {
    if (!token) return null;
    const info = await pageCall<FlowInfoDto>("/auth/flow-info", { token, step });
    if (info.code >= 500) throw new Error(info.message);
    return info.code === 200 ? info.data : null;
  },
);

/** Whether the step behind the token can still finish (no personal data asked for). */
export const isStepLive = cache(
  async (token: string | undefined, purpose: (typeof FLOW_STATUS_PURPOSES)[number]): Promise<boolean> => {
    if (!token) return false;
    const status = await pageCall<FlowStatusDto>("/auth/flow-status", { token, purpose });
    if (status.code >= 500) throw new Error(status.message);
    return status.code === 200 && status.data.valid;
  },
);

/** The page's own title while its step is live; the expired step's otherwise. */
export async function stepMetadata(isLive: boolean, namespace: string): Promise<Metadata> {
  const t = await getTranslations(isLive ? namespace : "auth.expiredStep");
  return { title: t("title") };
}

/**
 * A step that can no longer finish (used, timed out, or no token at all), under its own heading
 * instead of a form whose confirm could only fail: the sign-in starts again.
 */
export async function ExpiredStepCard({ layout, closeLabel }: { layout?: string; closeLabel: string }) {
  const t = await getTranslations("auth.expiredStep");
  return (
    <AuthCard title={t("title")} layout={layout} closeLabel={closeLabel}>
      <ExpiredStep text={t("text")} action={t("action")} />
    </AuthCard>
  );
}
