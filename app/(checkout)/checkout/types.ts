// The checkout page reads /order/get-transaction's answer as the checkout module declares it.
export type { TransactionDto } from "@/server/checkout/schema";
