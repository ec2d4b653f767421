// Affiliate commissions earned in a given month, for the invoice suites: written straight into the
// table (an invoice reads only commissions), each hung on one real order made once per file.
import { newId } from "@/lib/ids";
import { type Db, getDb } from "@/server/db/client";
import { commissions } from "@/server/db/tables/commerce";
import type { UserRow } from "@/server/db/tables/users";
import { configureProducts, createdOrder } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";

/**
 * The one order of the file's database, by database: the integration files share their worker's
 * modules (vitest.config.ts), so a plain cache would hand the next file an order of another database.
 */
const orders = new WeakMap<Db, Promise<{ id: string; customerId: string }>>();
async function theOrder() {
  const db = await getDb();
  let order = orders.get(db);
  if (!order) {
    order = (async () => {
      configureProducts();
      const customer = await createUser();
      return { id: (await createdOrder(customer)).order_id, customerId: customer.id };
    })();
    orders.set(db, order);
  }
  return order;
}

/** The month after `month` (YYYY-MM). */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

let monthSeq = 0;
/**
 * A month far from now that no other test of the file uses (each also uses the two after it), so
 * no other test's commissions fall in it.
 */
export function freshMonth(): string {
  monthSeq += 3;
  return `${2040 + Math.floor(monthSeq / 12)}-${String((monthSeq % 12) + 1).padStart(2, "0")}`;
}

/** A commission of `amount` earned by `affiliate` at `at` (Vietnam's time, "YYYY-MM-DDTHH:mm"). */
export async function earned(affiliate: UserRow, at: string, amount: number): Promise<void> {
  const order = await theOrder();
  await (await getDb()).insert(commissions).values({
    id: newId(),
    affiliateId: affiliate.id,
    customerId: order.customerId,
    orderId: order.id,
    orderLineId: newId(),
    level: 1,
    type: "affiliate",
    orderAmount: amount * 10,
    rate: "10",
    amount,
    createdAt: new Date(`${at}:00+07:00`),
  });
}

/**
 * Two affiliates with commissions in `month`: ann 100,000 on its first hour and 50,000 on the
 * 28th's last, bob 30,000 mid-month and 999,000 in the first minutes of the month after.
 */
export async function monthOfCommissions(month: string): Promise<{ ann: UserRow; bob: UserRow }> {
  const ann = await createUser();
  const bob = await createUser();
  await earned(ann, `${month}-01T00:30`, 100_000);
  await earned(ann, `${month}-28T23:30`, 50_000);
  await earned(bob, `${month}-15T12:00`, 30_000);
  await earned(bob, `${nextMonth(month)}-01T00:10`, 999_000);
  return { ann, bob };
}
