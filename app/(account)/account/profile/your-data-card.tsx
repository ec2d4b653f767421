"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { go } from "@/lib/http/client";

/** Where the download comes from (app/(account)/account/profile/export/route.ts). */
export const EXPORT_URL = "/account/profile/export";

/** The file name of a download, from its content-disposition header. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? "my-data.zip";
}

/** The refusal's words: the envelope's message when the server sent one. */
async function messageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      return body.message;
    }
  } catch {
    // Not JSON (a proxy's page): the generic words.
  }
  return fallback;
}

/**
 * Profile → Your data: one button that downloads everything the portal holds about the person
 * (a zip of JSON and an HTML summary). Fetched rather than followed, so the card can say it is
 * preparing the file and show a refusal (too many downloads, a dead session) in place. A large
 * account's file is prepared in the background (202): the card says a link will come by email.
 */
export function YourDataCard() {
  const t = useTranslations("account.yourData.card");
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: boolean; emailing?: string }>({
    busy: false,
  });

  async function download() {
    setState({ busy: true });
    try {
      // A redirect is the access gate sending a signed-out browser to sign in: not a file.
      const response = await fetch(EXPORT_URL, {
        credentials: "same-origin",
        cache: "no-store",
        redirect: "manual",
      });
      if (response.type === "opaqueredirect" || response.status === 401) {
        go("/signin");
        return;
      }
      if (response.status === 202) {
        setState({ busy: false, emailing: await messageOf(response, t("queued")) });
        return;
      }
      if (!response.ok || response.headers.get("content-type") !== "application/zip") {
        setState({ busy: false, error: await messageOf(response, t("failed")) });
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has the file once the click is handled; the address can go after that.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ busy: false, done: true });
    } catch {
      setState({ busy: false, error: t("failed") });
    }
  }

  return (
    <SectionCard title={t("title")}>
      <p className="mt-2 max-w-prose text-sm text-gray-600">{t("body")}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" busy={state.busy} onClick={download} className="w-full sm:w-auto">
          {t("download")}
        </Button>
        <p aria-live="polite" className="text-sm text-gray-500">
          {state.busy ? t("preparing") : state.done ? t("done") : ""}
        </p>
      </div>
      {state.emailing && (
        <p role="status" data-testid="your-data-emailing" className="mt-3 max-w-prose text-sm text-gray-700">
          {state.emailing}
        </p>
      )}
      {state.error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {state.error}
        </p>
      )}
    </SectionCard>
  );
}
