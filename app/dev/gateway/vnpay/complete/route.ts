import { completeVnpay } from "@/server/checkout/sandbox";
import { sandboxOutcome } from "../../sandbox-route";

/** The VNPAY sandbox page's Pay / Cancel: IPN to the portal, then the signed return redirect. */
export const POST = sandboxOutcome("query", completeVnpay);
