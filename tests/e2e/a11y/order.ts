import { type APIRequestContext, expect } from "@playwright/test";
import { E2E, E2E_PRODUCT } from "../../../playwright.config";
import type { CreatedOrderDto } from "../../../server/order/schema";
import { demoAccount } from "../support";

const BASE = `http://localhost:${E2E.appPort}`;
const CALLBACK = `http://localhost:${E2E.peerHttpPort}/callback`;
type Envelope<T> = { code: number; message: string; data: T };

/** The sales app orders a month of PRO for a new store of the demo person (DESIGN §11). */
export async function productOrder(request: APIRequestContext, storeName: string): Promise<CreatedOrderDto> {
  const signIn = await request.post("/2.0/auth/signin", {
    headers: { origin: BASE },
    data: { ...demoAccount(), callback_url: CALLBACK, app_code: "ls" },
  });
  const redirect = ((await signIn.json()) as Envelope<{ redirect_url: string }>).data.redirect_url;
  const token = String(new URL(redirect).searchParams.get("token"));
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post("/2.0/order/create", {
    headers: { authorization: `Bearer ${E2E_PRODUCT.apiKey}`, "idempotency-key": `a11y-${id}` },
    data: {
      token,
      lines: [{ store_id: `a11y-${id}`, store_name: storeName, package_code: "PRO", months: 1 }],
    },
  });
  const body = (await response.json()) as Envelope<CreatedOrderDto>;
  expect(body.code, body.message).toBe(200);
  return body.data;
}
