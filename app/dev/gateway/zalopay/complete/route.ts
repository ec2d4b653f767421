import { completeZalopay } from "@/server/checkout/sandbox";
import { sandboxOutcome } from "../../sandbox-route";

/** The ZaloPay sandbox page's Pay / Cancel: a callback when paid, then the redirect. */
export const POST = sandboxOutcome("token", completeZalopay);
