import { queryVnpay } from "@/server/checkout/sandbox";
import { sandboxApi } from "../../sandbox-route";

/** The VNPAY sandbox's querydr API. */
export const POST = sandboxApi(queryVnpay);
