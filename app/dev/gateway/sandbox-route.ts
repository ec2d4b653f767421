import { type Env, env } from "@/lib/env";
import { formOf, jsonResponse, requestOrigin, sandboxGuard, seeOther } from "@/server/checkout/sandbox-http";

// The sandbox gateways' route handlers: refused outside development, the rest is the sandbox's.

type Outcome = "pay" | "cancel";

/** A sandbox gateway's server-to-server API (create, query): its JSON answer to the posted form. */
export function sandboxApi(answer: (config: Env, origin: string, form: Record<string, string>) => unknown) {
  return async (request: Request): Promise<Response> => {
    const refused = sandboxGuard();
    if (refused) return refused;
    return jsonResponse(answer(env(), requestOrigin(request), await formOf(request)));
  };
}

/**
 * A sandbox page's Pay / Cancel: the gateway's own notice to the portal, then the browser's way
 * back (303). `field` is the form field that carries the payment's handle.
 */
export function sandboxOutcome(
  field: string,
  complete: (
    config: Env,
    origin: string,
    handle: string,
    outcome: Outcome,
  ) => Promise<{ error: string } | { redirect: string }>,
) {
  return async (request: Request): Promise<Response> => {
    const refused = sandboxGuard();
    if (refused) return refused;
    const form = await formOf(request);
    const outcome: Outcome = form.outcome === "pay" ? "pay" : "cancel";
    const result = await complete(env(), requestOrigin(request), form[field] ?? "", outcome);
    if ("error" in result) return new Response(result.error, { status: 400 });
    return seeOther(result.redirect);
  };
}
