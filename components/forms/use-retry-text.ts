"use client";
import { useTranslations } from "next-intl";
import { RETRY_TIME } from "@/lib/countdown";

/**
 * "Try again in {time}" from the client catalog, its {time} left for the countdown. /signin renders
 * the same entry on the server instead (it ships no message runtime).
 */
export function useRetryText(): string {
  return useTranslations("throttle")("retryIn", { time: RETRY_TIME });
}
