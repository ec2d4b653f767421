import "server-only";
import { env } from "@/lib/env";

/** The product an order came from (APPS_CONFIG by app code), for a "back to the product" link. */
export function productLink(appCode: string | undefined): { href: string; name: string } | null {
  if (!appCode) return null;
  const apps = env().APPS_CONFIG;
  const app = apps[appCode.toLowerCase()] ?? apps[appCode];
  return app ? { href: app.home, name: app.name } : null;
}
