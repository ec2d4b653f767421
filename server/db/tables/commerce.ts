import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * DESIGN §10 catalog: what each app sells. `price` (whole VND) buys one term of `months`;
 * prices always come from here, never from a caller.
 */
export const packages = pgTable(
  "packages",
  {
    id: text("id").primaryKey(),
    /** lp, luid, ls, la. */
    appCode: text("app_code").notNull(),
    /** FREE, STARTER, PRO, PREMIUM_5, PREMIUM_10, PREMIUM_20, ENTERPRISE, … */
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    months: integer("months").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    /** Higher is a better package (the partner upgrade offers equal or higher). */
    priority: integer("priority").notNull(),
    /** Percent of the price a partner pays in credit (SPEC §9); 0 = the full price. */
    partnerDiscount: integer("partner_discount").notNull().default(0),
    /** Free months added per term bought. */
    bonusMonths: integer("bonus_months").notNull().default(0),
    /** percent | fixed */
    commissionType: text("commission_type").notNull().default("percent"),
    commissionValue: numeric("commission_value", { precision: 14, scale: 2 }).notNull().default("0"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("packages_app_code_key").on(t.appCode, t.code),
    index("packages_list_idx").on(t.appCode, t.isActive, t.createdAt.desc().nullsFirst()),
  ],
);

/** A product's store (site, shop, link space) owned by a person; paid orders extend it. */
export const stores = pgTable(
  "stores",
  {
    id: text("id").primaryKey(),
    appCode: text("app_code").notNull(),
    /** The product's own id of the store. */
    storeId: text("store_id").notNull(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    packageCode: text("package_code"),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastPrice: bigint("last_price", { mode: "number" }),
    /** The expiry the store had before its last purchase. */
    lastExpiresAt: timestamp("last_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stores_app_store_key").on(t.appCode, t.storeId),
    index("stores_owner_idx").on(t.ownerId, t.appCode, t.createdAt.desc().nullsFirst()),
  ],
);

/** DESIGN §10 order: PENDING → PAID | PAID_DEBIT | CANCEL | INVALID, moved only by server/order/state.ts. */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appCode: text("app_code").notNull(),
    referenceNo: text("reference_no").notNull(),
    /** The unguessable capability of /checkout?transaction_id=… (≥ 128 bits). */
    transactionId: text("transaction_id").notNull(),
    status: text("status").notNull().default("PENDING"),
    total: bigint("total", { mode: "number" }).notNull(),
    note: text("note"),
    /** Who created it: `product:<app>`, `operator:<name>`, `seed`. */
    createdBy: text("created_by").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the creating request, so a reused key with another body is refused. */
    requestHash: text("request_hash"),
    statusNote: text("status_note"),
    statusBy: text("status_by"),
    /** Partner credit spent on it (a partner's activation or upgrade for a customer). */
    credit: numeric("credit", { precision: 14, scale: 2 }).notNull().default("0"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_reference_key").on(t.referenceNo),
    uniqueIndex("orders_transaction_key").on(t.transactionId),
    uniqueIndex("orders_idempotency_key")
      .on(t.appCode, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("orders_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_user_status_idx").on(
      t.userId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** One line of an order; catalog settings are copied at order time. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    appCode: text("app_code").notNull(),
    storeId: text("store_id").notNull(),
    storeName: text("store_name").notNull(),
    packageId: text("package_id").notNull(),
    packageCode: text("package_code").notNull(),
    packageName: text("package_name").notNull(),
    months: integer("months").notNull(),
    bonusMonths: integer("bonus_months").notNull().default(0),
    subtotal: bigint("subtotal", { mode: "number" }).notNull(),
    partnerDiscount: integer("partner_discount").notNull().default(0),
    commissionType: text("commission_type").notNull(),
    commissionValue: numeric("commission_value", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/** Who moved an order and why: every transition of server/order/state.ts writes one. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** One attempt to pay an order (DESIGN §10). */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referenceNo: text("reference_no").notNull(),
    /** ONLINE_METHOD | OFFLINE_METHOD */
    method: text("method").notNull(),
    /** VNPAY | ZALOPAY | CASH | POINT */
    gateway: text("gateway").notNull(),
    /** Due in VND after points. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    pointsUsed: numeric("points_used", { precision: 14, scale: 2 }).notNull().default("0"),
    status: text("status").notNull().default("PENDING"),
    /** What the gateway knows this attempt by (vnp_TxnRef, app_trans_id). */
    gatewayRef: text("gateway_ref"),
    /** The gateway's own transaction id, applied once. */
    gatewayTxn: text("gateway_txn"),
    rawCallback: jsonb("raw_callback"),
    note: text("note"),
    operator: text("operator"),
    isHidden: boolean("is_hidden").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_reference_key").on(t.referenceNo),
    uniqueIndex("payments_gateway_ref_key")
      .on(t.gateway, t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
    uniqueIndex("payments_gateway_txn_key")
      .on(t.gateway, t.gatewayTxn)
      .where(sql`${t.gatewayTxn} is not null`),
    index("payments_user_idx").on(
      t.userId,
      t.isHidden,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("payments_order_idx").on(t.orderId),
    index("payments_pending_idx").on(t.status, t.expiresAt),
  ],
);

/**
 * Every incoming bank transfer the bank notified (or the operator confirmed), applied once:
 * the bank's own transaction id is the key. Partial and unmatched ones wait for the operator.
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    /** The bank's transaction id (SePay `id`), or `manual-…` for the operator's confirmation. */
    id: text("id").primaryKey(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    content: text("content").notNull(),
    referenceNo: text("reference_no"),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    /**
     * received → matched | partial | unmatched | late (the order was no longer pending); an
     * operator may apply a partial or unmatched one to an order: applied (server/checkout/bank.ts).
     */
    status: text("status").notNull(),
    raw: jsonb("raw").notNull(),
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bank_transfers_status_idx").on(t.status, t.createdAt.desc().nullsFirst())],
);

/**
 * What an affiliate earned on one order line at one depth of the referral chain (issue 11);
 * written in the payment's transaction, once per (line, affiliate, level).
 */
export const commissions = pgTable(
  "commissions",
  {
    id: text("id").primaryKey(),
    affiliateId: text("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: text("order_line_id").notNull(),
    /** 1 = the buyer's own affiliate, up to 4. */
    level: integer("level").notNull(),
    /** affiliate | partner */
    type: text("type").notNull(),
    program: text("program").notNull().default("Affiliate"),
    orderAmount: bigint("order_amount", { mode: "number" }).notNull(),
    rate: numeric("rate", { precision: 6, scale: 2 }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** UNPAID → INVOICED → PAID, or VOID when the order is cancelled before it is paid out. */
    status: text("status").notNull().default("UNPAID"),
    invoiceId: text("invoice_id"),
    invoicedAt: timestamp("invoiced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("commissions_line_key").on(t.orderLineId, t.affiliateId, t.level),
    index("commissions_affiliate_idx").on(
      t.affiliateId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("commissions_affiliate_status_idx").on(t.affiliateId, t.status, t.createdAt.desc().nullsFirst()),
    index("commissions_order_idx").on(t.orderId),
    index("commissions_invoice_idx").on(t.invoiceId),
  ],
);

/** An affiliate's monthly invoice of commissions (issued by the operator, paid out of band). */
export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    affiliateId: text("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM the commissions were earned in. */
    month: text("month").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    /** PENDING | PAID | CANCEL */
    status: text("status").notNull().default("PENDING"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_affiliate_month_key")
      .on(t.affiliateId, t.month)
      .where(sql`${t.status} <> 'CANCEL'`),
    index("invoices_affiliate_idx").on(
      t.affiliateId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type CommissionRow = typeof commissions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
