// Commerce test data: a product's token for a person, a product's order through the real call.

import { resetEnvForTests } from "@/lib/env";
import { newId, newToken, sha256 } from "@/lib/ids";
import { getDb } from "@/server/db/client";
import type { CreatedOrderDto } from "@/server/order/schema";
import { insertSession } from "@/server/session/repository";
import type { UserRow } from "@/server/user/repository";
import { call } from "@/tests/setup/api";

export const PRODUCT_KEYS = { ls: "ls-api-key-0123456789", lp: "lp-api-key-0123456789" } as const;

/** APPS_CONFIG with api keys (and, when given, webhooks) for the sales app and the builder. */
export function configureProducts(webhooks: Partial<Record<"ls" | "lp", string>> = {}): void {
  const app = (code: "ls" | "lp", name: string) => ({
    name,
    home: `https://${code}.family.example/home`,
    api_key: PRODUCT_KEYS[code],
    ...(webhooks[code]
      ? { webhook: webhooks[code], webhook_secret: `${code}-webhook-secret-0123456789` }
      : {}),
  });
  process.env.APPS_CONFIG = JSON.stringify({ ls: app("ls", "Sales app"), lp: app("lp", "Builder") });
  resetEnvForTests();
}

export const webhookSecret = (code: "ls" | "lp") => `${code}-webhook-secret-0123456789`;

/** A live token the product `appCode` holds for `user` (as the hand-off gives it). */
export async function productToken(user: UserRow, appCode: "ls" | "lp" = "ls"): Promise<string> {
  const token = newToken();
  const now = new Date();
  await insertSession(await getDb(), {
    id: newId(),
    userId: user.id,
    tokenHash: sha256(token),
    appCode,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
  });
  return token;
}

export type OrderLine = { store_id: string; store_name: string; package_code: string; months: number };

/** POST /2.0/order/create as the product would. */
export async function productCreatesOrder(
  user: UserRow,
  options: { app?: "ls" | "lp"; lines?: OrderLine[]; idempotencyKey?: string; token?: string } = {},
) {
  const app = options.app ?? "ls";
  const token = options.token ?? (await productToken(user, app));
  return call<CreatedOrderDto & { error?: string }>(
    "/order/create",
    {
      token,
      lines: options.lines ?? [
        { store_id: `store-${newId()}`, store_name: "My shop", package_code: "PRO", months: 1 },
      ],
    },
    {
      headers: {
        authorization: `Bearer ${PRODUCT_KEYS[app]}`,
        origin: "",
        ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      },
    },
  );
}
