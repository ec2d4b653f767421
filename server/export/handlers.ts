import "server-only";
import { parseCookies } from "@/lib/cookies";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { envelope } from "@/lib/http/envelope";
import { translator } from "@/lib/i18n";
import { newId } from "@/lib/ids";
import type { Locale } from "@/lib/locales";
import { currentRequestId, logger } from "@/lib/logger";
import type { Ctx } from "@/server/context";
import { fromWebRequest } from "@/server/http/api-request";
import { clientIp, selfOrigin } from "@/server/http/caller";
import { requestAuth, requestLanguage } from "@/server/http/request-auth";
import { downloadByLink, EXPORT_LINK_PATH, type LinkRefusal } from "./background";
import type { DataExport } from "./build";
import { linkPage } from "./link-page";
import { exportMyData } from "./service";

const NO_STORE = { "cache-control": "no-store" };

/** A refusal the profile card shows: the envelope, in the page's language, with its status. */
function refusal(error: AppError, lang: Locale): Response {
  const t = translator(lang);
  return Response.json(
    envelope(error.status, t(`errors.${error.code}`, error.params), { error: error.code }),
    { status: error.status, headers: NO_STORE },
  );
}

function zip({ fileName, bytes }: DataExport): Response {
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      ...NO_STORE,
    },
  });
}

const LINK_STATUS: Record<LinkRefusal | "signIn", number> = {
  invalid: 404,
  used: 410,
  expired: 410,
  otherAccount: 403,
  signIn: 401,
};

/** An emailed link that gives no file: a small page in the person's language saying why. */
function linkRefusal(reason: LinkRefusal | "signIn", lang: Locale): Response {
  return new Response(linkPage(reason, lang), {
    status: LINK_STATUS[reason],
    headers: { "content-type": "text/html; charset=utf-8", ...NO_STORE },
  });
}

/**
 * GET /account/profile/export: the signed-in person's data as a zip download (Profile → Your
 * data), or for a large account a 202 saying the link will come by email. The session cookie,
 * checked live, is the only way in; a request another site's page makes (Sec-Fetch-Site:
 * cross-site) is refused. With `?token=` (the emailed link) it gives the prepared file once.
 */
export async function downloadMyData(request: Request): Promise<Response> {
  const auth = await requestAuth(request);
  const lang = requestLanguage(request, auth?.user.language);
  const token = new URL(request.url).searchParams.get("token");
  if (!auth)
    return token === null ? refusal(new AppError("UNAUTHORIZED"), lang) : linkRefusal("signIn", lang);
  // Another site's page may not spend the person's budget or write their history (a hidden
  // image or fetch); an email link or the address bar says "none", the profile "same-origin".
  // The emailed link may be opened from webmail (cross-site): its secret token is the proof.
  if (token === null && request.headers.get("sec-fetch-site") === "cross-site") {
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
    log: logger.child({ path: EXPORT_LINK_PATH }),
    ip: clientIp(api),
    userAgent: request.headers.get("user-agent") ?? "",
    origin: selfOrigin(api, config),
    cookies: parseCookies(request.headers.get("cookie")),
    auth: { session: auth.session, user: auth.user, token: auth.token, via: "cookie" },
  };
  try {
    if (token !== null) {
      const outcome = await downloadByLink(ctx, token);
      return outcome.kind === "file" ? zip(outcome) : linkRefusal(outcome.reason, lang);
    }
    const outcome = await exportMyData(ctx);
    if (outcome.kind === "file") return zip(outcome);
    const message = ctx.t(
      outcome.isAlreadyQueued ? "account.yourData.card.alreadyQueued" : "account.yourData.card.queued",
    );
    return Response.json(envelope(200, message, { queued: true, already: outcome.isAlreadyQueued }), {
      status: 202,
      headers: NO_STORE,
    });
  } catch (error) {
    if (error instanceof AppError) return refusal(error, lang);
    // The id server.ts's access line names, when it opened the request's scope.
    const requestId = currentRequestId() ?? newId();
    ctx.log.error({ err: error, requestId }, "data export failed");
    return refusal(new AppError("INTERNAL", { params: { requestId } }), lang);
  }
}
