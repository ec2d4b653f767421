import "server-only";
import type { Executor } from "@/server/db/client";
import { findAllOrdersOf, findLines } from "../repository";

/** Every order of a person with its lines, oldest first; no checkout capability (the data export). */
export async function ordersForExport(db: Executor, userId: string) {
  const rows = await findAllOrdersOf(db, userId);
  const lines = rows.length
    ? await findLines(
        db,
        rows.map((o) => o.id),
      )
    : [];
  return rows.map((order) => ({ order, lines: lines.filter((l) => l.orderId === order.id) }));
}
