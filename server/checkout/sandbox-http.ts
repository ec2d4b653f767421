import "server-only";
import { env } from "@/lib/env";
import { isSandboxAllowed } from "./config";

/** The portal's own origin as the browser reached it (the sandbox calls the portal back there). */
export function requestOrigin(request: Request): string {
  const configured = env().APP_URL;
  if (configured) return new URL(configured).origin;
  const host = request.headers.get("host") ?? new URL(request.url).host;
  return `${new URL(request.url).protocol}//${host}`;
}

/** Never in production: the sandbox answers 404 unless development or OUTBOX_UI=1. */
export function sandboxGuard(): Response | null {
  return isSandboxAllowed(env()) ? null : new Response("Not found", { status: 404 });
}

export async function formOf(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return (await request.json()) as Record<string, string>;
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

export const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });
