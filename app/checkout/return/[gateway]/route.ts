import { callAsVisitor } from "@/server/http/page-call";

const GATEWAYS = { vnpay: "VNPAY", zalopay: "ZALOPAY" } as const;

/**
 * The gateway's return address (VNPAY's vnp_ReturnUrl, ZaloPay's redirecturl): the signed
 * parameters are checked, then the browser goes to the result page, which shows only what the
 * database says (the IPN/callback or a query decides; DESIGN §10).
 */
export async function GET(request: Request, context: { params: Promise<{ gateway: string }> }) {
  const { gateway } = await context.params;
  const name = GATEWAYS[gateway as keyof typeof GATEWAYS];
  const url = new URL(request.url);
  if (!name) return new Response(null, { status: 303, headers: { location: "/order" } });
  const response = await callAsVisitor("/payment/gateway-return", request.headers, {
    gateway: name,
    params: Object.fromEntries(url.searchParams),
  });
  const envelope = (await response.json()) as {
    code: number;
    data?: { payment_id: string | null; valid: boolean };
  };
  const id = envelope.data?.payment_id;
  const location = id
    ? `/checkout/result?payment_id=${encodeURIComponent(id)}${envelope.data?.valid ? "" : "&invalid=1"}`
    : "/order";
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}
