import "server-only";
import { parseCookies } from "@/lib/cookies";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { envelope } from "@/lib/http/envelope";
import { translator } from "@/lib/i18n";
import { newId } from "@/lib/ids";
import { LANGUAGE_COOKIE, toLocale } from "@/lib/locales";
import { logger } from "@/lib/logger";
import type { Ctx } from "@/server/context";
import { fromWebRequest } from "@/server/http/api-request";
import { clientIp, selfOrigin } from "@/server/http/caller";
import { requestAuth } from "@/server/http/request-auth";
import { exportMyData } from "./service";

/** A refusal the profile card shows: the envelope, in the page's language, with its status. */
function refusal(error: AppError, lang: ReturnType<typeof toLocale>): Response {
  const t = translator(lang);
  return Response.json(
    envelope(error.status, t(`errors.${error.code}`, error.params), { error: error.code }),
    {
      status: error.status,
      headers: { "cache-control": "no-store" },
    },
  );
}

/**
 * GET /account/profile/export: the signed-in person's data as a zip download (Profile → Your
 * data). The session cookie, checked live, is the only way in; a request another site's page
 * makes (Sec-Fetch-Site: cross-site) is refused.
 */
export async function downloadMyData(request: Request): Promise<Response> {
  const cookies = parseCookies(request.headers.get("cookie"));
  const auth = await requestAuth(request);
  // The page's language (LANGUAGE cookie), else the person's saved one.
  const lang = toLocale(cookies[LANGUAGE_COOKIE] ?? auth?.user.language);
  if (!auth) return refusal(new AppError("UNAUTHORIZED"), lang);
  // Another site's page may not spend the person's budget or write their history (a hidden
  // image or fetch); an email link or the address bar says "none", the profile "same-origin".
  if (request.headers.get("sec-fetch-site") === "cross-site") {
    return refusal(new AppError("FORBIDDEN_ORIGIN"), lang);
  }
  const config = env();
  const api = fromWebRequest(request);
  const ctx: Ctx = {
    db: auth.db,
    env: config,
    clock: () => new Date(),
    lang,
    t: translator(lang),
    log: logger.child({ path: "/account/profile/export" }),
    ip: clientIp(api),
    userAgent: request.headers.get("user-agent") ?? "",
    origin: selfOrigin(api, config),
    cookies,
    auth: { session: auth.session, user: auth.user, token: auth.token },
  };
  try {
    const { fileName, bytes } = await exportMyData(ctx);
    return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError) return refusal(error, lang);
    const requestId = newId();
    ctx.log.error({ err: error, requestId }, "data export failed");
    return refusal(new AppError("INTERNAL", { params: { requestId } }), lang);
  }
}
