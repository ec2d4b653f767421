import { queryZalopay } from "@/server/checkout/sandbox";
import { sandboxApi } from "../../sandbox-route";

/** The ZaloPay sandbox's query API. */
export const POST = sandboxApi(queryZalopay);
