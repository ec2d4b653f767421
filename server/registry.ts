import "server-only";
import type { Call } from "@/server/http/call";
import { accountDeletionCalls } from "./account-deletion/handlers";
import { adminFinanceCalls } from "./admin/finance-handlers";
import { adminCalls } from "./admin/handlers";
import { adminOrderCalls } from "./admin/orders-handlers";
import { adminPeopleExtraCalls } from "./admin/people-handlers";
import { adminProgrammeCalls } from "./admin/programme-handlers";
import { affiliateCalls } from "./affiliate/handlers";
import { codeSignInCalls } from "./auth/code-signin-handlers";
import { authCalls } from "./auth/handlers";
import { balanceCalls } from "./balance/handlers";
import { captchaCalls } from "./captcha/handlers";
import { checkoutCalls } from "./checkout/handlers";
import { invoiceCalls } from "./invoice/handlers";
import { leadCalls } from "./lead/handlers";
import { notifyCalls } from "./notify/handlers";
import { oauthCalls } from "./oauth/handlers";
import { openApiCalls } from "./openapi/handlers";
import { orderCalls } from "./order/handlers";
import { packageCalls } from "./package/handlers";
import { partnerCalls } from "./partner/handlers";
import { passkeyCalls } from "./passkey/handlers";
import { paymentCalls } from "./payment/handlers";
import { productCalls } from "./product/handlers";
import { twoFactorCalls } from "./two-factor/handlers";
import { userCalls } from "./user/handlers";

/** Every /2.0 call: path → { auth, input, run }. Pages, the BFF and tests all go through here. */
export const registry: Record<string, Call> = {
  ...authCalls,
  ...oauthCalls,
  ...codeSignInCalls,
  ...captchaCalls,
  ...userCalls,
  ...leadCalls,
  ...twoFactorCalls,
  ...passkeyCalls,
  ...accountDeletionCalls,
  ...balanceCalls,
  ...packageCalls,
  ...orderCalls,
  ...productCalls,
  ...paymentCalls,
  ...checkoutCalls,
  ...affiliateCalls,
  ...invoiceCalls,
  ...partnerCalls,
  ...adminCalls,
  ...adminFinanceCalls,
  ...adminOrderCalls,
  ...adminProgrammeCalls,
  ...adminPeopleExtraCalls,
  ...notifyCalls,
  ...openApiCalls(() => registry),
};
