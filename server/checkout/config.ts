import "server-only";
import { createHmac } from "node:crypto";
import type { Env } from "@/lib/env";
import type { CheckoutMethod } from "./schema";

/** Where the portal reaches itself outside a request (the sweeper, the operator tool). */
export const selfOrigin = (env: Env) =>
  env.APP_URL ? new URL(env.APP_URL).origin : `http://localhost:${env.PORT}`;

/** The sandbox of DESIGN §5 serves the gateways when none is configured: development or OUTBOX_UI only. */
export const isSandboxAllowed = (env: Env) => env.NODE_ENV === "development" || env.OUTBOX_UI;

const derived = (env: Env, purpose: string) =>
  createHmac("sha256", env.SESSION_SECRET).update(`sandbox:${purpose}`).digest("base64url");

export type VnpayConfig = {
  tmnCode: string;
  hashSecret: string;
  payUrl: string;
  queryUrl: string;
  sandbox: boolean;
};

export type ZalopayConfig = {
  appId: string;
  key1: string;
  key2: string;
  createUrl: string;
  queryUrl: string;
  sandbox: boolean;
};

export type BankConfig = {
  bin: string;
  name: string;
  branch: string;
  accountNo: string;
  accountName: string;
  sandbox: boolean;
};

/** VNPAY's settings, the sandbox's when none are set and the sandbox is allowed, else null. */
export function vnpayConfig(env: Env, origin = selfOrigin(env)): VnpayConfig | null {
  if (env.VNPAY_TMN_CODE && env.VNPAY_HASH_SECRET) {
    return {
      tmnCode: env.VNPAY_TMN_CODE,
      hashSecret: env.VNPAY_HASH_SECRET,
      payUrl: env.VNPAY_PAY_URL,
      queryUrl: env.VNPAY_QUERY_URL,
      sandbox: false,
    };
  }
  if (!isSandboxAllowed(env)) return null;
  return {
    tmnCode: "SANDBOX1",
    hashSecret: derived(env, "vnpay"),
    payUrl: `${origin}/dev/gateway/vnpay`,
    queryUrl: `${origin}/dev/gateway/vnpay/query`,
    sandbox: true,
  };
}

export function zalopayConfig(env: Env, origin = selfOrigin(env)): ZalopayConfig | null {
  if (env.ZALOPAY_APP_ID && env.ZALOPAY_KEY1 && env.ZALOPAY_KEY2) {
    return {
      appId: env.ZALOPAY_APP_ID,
      key1: env.ZALOPAY_KEY1,
      key2: env.ZALOPAY_KEY2,
      createUrl: env.ZALOPAY_CREATE_URL,
      queryUrl: env.ZALOPAY_QUERY_URL,
      sandbox: false,
    };
  }
  if (!isSandboxAllowed(env)) return null;
  return {
    appId: "2553",
    key1: derived(env, "zalopay-key1"),
    key2: derived(env, "zalopay-key2"),
    createUrl: `${origin}/dev/gateway/zalopay/create`,
    queryUrl: `${origin}/dev/gateway/zalopay/query`,
    sandbox: true,
  };
}

/** The transfer account; a clearly fake one in the sandbox so a newcomer sees the page. */
export function bankConfig(env: Env): BankConfig | null {
  if (env.BANK_BIN && env.BANK_ACCOUNT_NO) {
    return {
      bin: env.BANK_BIN,
      name: env.BANK_NAME ?? "",
      branch: env.BANK_BRANCH ?? "",
      accountNo: env.BANK_ACCOUNT_NO,
      accountName: env.BANK_ACCOUNT_NAME ?? "",
      sandbox: false,
    };
  }
  if (!isSandboxAllowed(env)) return null;
  return {
    bin: "970436",
    name: "Vietcombank (sandbox)",
    branch: "Demo branch",
    accountNo: "0000000000",
    accountName: "DEMO ACCOUNT PORTAL",
    sandbox: true,
  };
}

/** The methods the checkout offers: bank transfer first (SPEC's default), then the gateways. */
export function checkoutMethods(env: Env): CheckoutMethod[] {
  const methods: CheckoutMethod[] = [];
  if (bankConfig(env)) methods.push("CASH");
  if (vnpayConfig(env)) methods.push("VNPAY");
  if (zalopayConfig(env)) methods.push("ZALOPAY");
  return methods;
}
