// The checkout page reads /order/get-transaction's answer as the order module declares it.
export type { TransactionDto } from "@/server/order/schema";
