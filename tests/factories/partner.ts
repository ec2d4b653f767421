import { setPartner } from "@/server/admin/service";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { recordReferral } from "@/server/referral/service";
import { createUser } from "@/tests/factories/user";

/** A partner holding `credit` partner credit (an operator's top-up) and one customer it referred. */
export async function partnerWithCustomer(credit: number) {
  const db = await getDb();
  const partner = await createUser();
  await setPartner(db, partner.email, true);
  const customer = await createUser();
  await recordReferral({ db, clock: () => new Date() }, customer.id, { referral_id: partner.code });
  await adjustBalance(db, {
    userId: partner.id,
    balance: "credit",
    amount: credit,
    type: "ADMIN_ADD",
    now: new Date(),
  });
  return { partner, customer };
}
