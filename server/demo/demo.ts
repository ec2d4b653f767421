import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { encryptSecret } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import { type Adjustment, adjustBalance, hasCreditLog } from "@/server/balance/service";
import type { Db } from "@/server/db/client";
import { grantVerifyRewardOf, recordReferral } from "@/server/referral/service";
import { newTotpSecret } from "@/server/two-factor/totp";
import {
  createUser,
  findUserByEmail,
  setAffiliate,
  updateAffiliate,
  updateUser,
} from "@/server/user/service";
import { fillDemoOrders } from "./demo-commerce";

export const DEMO_EMAIL = "demo@example.com";

/**
 * The demo account of the embedded default: created once, its password kept in DATA_DIR so
 * every start can print it.
 */
export async function ensureDemoAccount(
  db: Db,
  dataDir: string,
): Promise<{ email: string; password: string }> {
  const file = path.resolve(dataDir, "demo-account.json");
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { password?: string }) : {};
  // Letters, digits and one allowed special character: valid on every screen's password rule.
  const password = stored.password ?? `Demo@${randomBytes(6).toString("hex")}`;
  if (!(await findUserByEmail({ db }, DEMO_EMAIL))) {
    await createUser(
      { db },
      {
        id: newId(),
        email: DEMO_EMAIL,
        passwordHash: await hashPassword(password),
        fullname: "Demo Person",
        phone: "0912345678",
        countryCode: "vn",
        isVerified: true,
        isVerifyEmail: true,
        isVerifyPhone: true,
        code: "demo",
      },
    );
  }
  if (!stored.password) {
    // With PostgreSQL nothing else creates DATA_DIR before the demo password is kept there.
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ email: DEMO_EMAIL, password }, null, 2), { mode: 0o600 });
  }
  const demo = await findUserByEmail({ db }, DEMO_EMAIL);
  if (demo && !(await hasCreditLog(db, demo.id))) await fillDemoAccount(db, demo.id);
  if (demo) await fillDemoOrders(db, demo.id);
  return { email: DEMO_EMAIL, password };
}

export const DEMO_OPERATOR_EMAIL = "operator@example.com";

/**
 * Issue 24: a second demo account, an operator (admin scope, TOTP on), so a newcomer can open the
 * console (/admin). Its password and authenticator secret are made once and kept in DATA_DIR, like
 * the demo account's, so every start can print them.
 */
export async function ensureDemoOperator(
  db: Db,
  dataDir: string,
  encryptionKey: string,
): Promise<{ email: string; password: string; totpSecret: string }> {
  const file = path.resolve(dataDir, "demo-operator.json");
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { password?: string; totp_secret?: string })
    : {};
  const password = stored.password ?? `Oper@${randomBytes(6).toString("hex")}`;
  const totpSecret = stored.totp_secret ?? newTotpSecret();
  if (!(await findUserByEmail({ db }, DEMO_OPERATOR_EMAIL))) {
    await createUser(
      { db },
      {
        id: newId(),
        email: DEMO_OPERATOR_EMAIL,
        passwordHash: await hashPassword(password),
        fullname: "Demo Operator",
        phone: "0987654321",
        countryCode: "vn",
        isVerified: true,
        isVerifyEmail: true,
        isVerifyPhone: true,
        code: "demo-operator",
        scope: "admin",
        twoFaType: "TOTP",
        twoFaSecret: encryptSecret(totpSecret, encryptionKey),
        twoFaEnabledAt: new Date(),
      },
    );
  }
  if (!stored.password || !stored.totp_secret) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ email: DEMO_OPERATOR_EMAIL, password, totp_secret: totpSecret }, null, 2),
      { mode: 0o600 },
    );
  }
  return { email: DEMO_OPERATOR_EMAIL, password, totpSecret };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 5: a newcomer sees every screen populated — partner and affiliate, balances whose every
 * change has its log row over several months, and a few referred accounts.
 */
async function fillDemoAccount(db: Db, demoId: string): Promise<void> {
  const now = Date.now();
  const at = (daysAgo: number, hour = 10) => new Date(now - daysAgo * DAY + (hour - 12) * 60 * 60 * 1000);
  await updateUser({ db }, demoId, { isPartner: true, flowAffilateCode: "demo-flow" });
  await setAffiliate({ db }, demoId, true);
  await updateAffiliate({ db }, demoId, { paymentInfo: "Vietcombank 0123456789 — Demo Person", level: "2" });

  // Referred accounts first: a partner's order names its customer.
  const customers: string[] = [];
  for (const [i, name] of ["Lan Nguyen", "Minh Tran", "Hoa Le", "Quang Pham"].entries()) {
    const customer = await createUser(
      { db },
      {
        id: newId(),
        email: `demo-friend-${i + 1}@example.com`,
        passwordHash: null,
        fullname: name,
        isVerified: true,
        isVerifyEmail: i < 3,
        code: `demo-friend-${i + 1}`,
        referralId: "demo",
        createdAt: at(120 - i * 30),
      },
    );
    if (!customer) continue;
    customers.push(customer.id);
    await recordReferral({ db, clock: () => at(120 - i * 30) }, customer.id, { referral_id: "demo" });
    if (i < 3) await grantVerifyRewardOf(db, customer.id, 1);
  }

  const changes: Omit<Adjustment, "userId">[] = [
    { balance: "money", amount: 2_000_000, type: "MONEY_ADD", reason: { key: "bankTopUp" }, now: at(150) },
    {
      balance: "credit",
      amount: 200,
      type: "ADMIN_ADD",
      reason: { key: "partnerWelcomeCredit" },
      now: at(140),
    },
    {
      balance: "credit_app",
      amount: 50,
      type: "APP_DEPOSIT",
      reason: { key: "apiCreditPack" },
      appCode: "ls",
      now: at(130),
    },
    { balance: "point", amount: 150.5, reason: { key: "welcomePoints" }, now: at(125) },
    {
      balance: "credit",
      amount: -24.5,
      type: "USER_BUY_ORDER",
      reason: { key: "packageMonthsForCustomer", params: { package: "PRO", months: 6 } },
      now: at(100),
    },
    {
      balance: "money",
      amount: -499_000,
      type: "MONEY_PURCHASED",
      reason: { key: "packageRenewal", params: { app: "lp", package: "PRO" } },
      appCode: "lp",
      now: at(90),
    },
    { balance: "point", amount: 80.25, reason: { key: "referralBonus" }, now: at(75) },
    {
      balance: "credit_app",
      amount: -7.5,
      type: "APP_PURCHASED",
      reason: { key: "apiCalls", params: { app: "ls" } },
      appCode: "ls",
      now: at(60),
    },
    {
      balance: "credit",
      amount: 100,
      type: "ADMIN_ADD",
      reason: { key: "quarterlyPartnerBonus" },
      now: at(45),
    },
    {
      balance: "credit",
      amount: -19.25,
      type: "USER_BUY_ORDER",
      reason: { key: "packageMonthsForCustomer", params: { package: "ENTERPRISE", months: 1 } },
      now: at(30),
    },
    { balance: "money", amount: 1_000_000, type: "MONEY_ADD", reason: { key: "bankTopUp" }, now: at(20) },
    { balance: "point", amount: -30, reason: { key: "checkoutPointsSpent" }, now: at(12) },
    {
      balance: "credit_app",
      amount: -2.75,
      type: "APP_RENEW_CREDIT",
      reason: { key: "monthlyApiRenewal" },
      appCode: "ls",
      now: at(5),
    },
    { balance: "point", amount: 120, reason: { key: "campaignReward" }, now: at(1) },
    {
      balance: "credit",
      amount: -6.25,
      type: "USER_BUY_ORDER",
      reason: { key: "packageForCustomer", params: { package: "STARTER" } },
      now: at(0, 9),
    },
  ];
  for (const [i, change] of changes.entries()) {
    const customerId =
      change.type === "USER_BUY_ORDER" ? customers[i % Math.max(customers.length, 1)] : undefined;
    await adjustBalance(db, { ...change, userId: demoId, customerId });
  }
}
