import type { CheckoutMethod } from "@/server/checkout/schema";
import type { OrderDto } from "@/server/order/schema";

/**
 * /order/get-transaction's answer (server/order/service.ts getTransaction): the order with its
 * lines, whether the signed-in person owns it, the account shown (the owner's details, anyone
 * else a masked email) and the configured methods, bank transfer first.
 */
export type TransactionDto = OrderDto & {
  is_owner: boolean;
  account: { email: string; fullname?: string; phone?: string | null; point?: number };
  methods: CheckoutMethod[];
};
