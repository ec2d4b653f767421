import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "@/lib/env";

/** The brand as an email shows it: the name (the wordmark) and the mark's address, when it has one. */
export type EmailBrand = { name: string; logoSrc?: string };

/**
 * The portal's own mark is an SVG, which Gmail and Outlook do not show: emails carry its PNG
 * twin (app/apple-icon.png, served at /apple-icon.png) instead.
 */
const OWN_MARK = "/icon.svg";
const OWN_MARK_PNG = "/apple-icon.png";

let embeddedMark: Promise<string | undefined> | undefined;

/** The portal's PNG mark as a data: URI, read once; undefined where the sources are not beside the server. */
function embeddedOwnMark(): Promise<string | undefined> {
  embeddedMark ??= readFile(path.join(process.cwd(), "app", OWN_MARK_PNG))
    .then((png) => `data:image/png;base64,${png.toString("base64")}`)
    .catch(() => undefined);
  return embeddedMark;
}

/**
 * A mail is read far from the portal, so the mark needs an absolute address: BRAND_LOGO_URL when it
 * is one, else its path on APP_URL. Without APP_URL the portal's own mark is embedded (a data: URI;
 * clients that refuse those show the wordmark alone) and an operator's path is left out.
 */
export async function emailBrand(
  config: Pick<Env, "BRAND_NAME" | "BRAND_LOGO_URL" | "APP_URL">,
): Promise<EmailBrand> {
  const logo = config.BRAND_LOGO_URL;
  const name = config.BRAND_NAME;
  if (!logo.startsWith("/")) return { name, logoSrc: logo };
  const mark = logo === OWN_MARK ? OWN_MARK_PNG : logo;
  if (config.APP_URL) return { name, logoSrc: new URL(mark, config.APP_URL).href };
  return { name, logoSrc: logo === OWN_MARK ? await embeddedOwnMark() : undefined };
}
