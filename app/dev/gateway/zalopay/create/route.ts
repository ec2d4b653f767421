import { createZalopay } from "@/server/checkout/sandbox";
import { sandboxApi } from "../../sandbox-route";

/** The ZaloPay sandbox's create-order API. */
export const POST = sandboxApi(createZalopay);
