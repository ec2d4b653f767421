import "server-only";
import { commissionsForExport } from "@/server/affiliate/service";
import { balancesForExport } from "@/server/balance/service";
import type { PersonCtx } from "@/server/context";
import { invoicesForExport } from "@/server/invoice/service";
import { linkedIdentitiesForExport } from "@/server/oauth/service";
import { ordersForExport } from "@/server/order/service/export-orders";
import { passkeysForExport } from "@/server/passkey/service";
import { paymentsForExport } from "@/server/payment/service";
import { securityEventsForExport } from "@/server/security/service";
import { sessionsForExport } from "@/server/session/service";
import { storesForExport } from "@/server/store/service";
import { twoFactorForExport } from "@/server/two-factor/service";
import { myAffiliateInfo, myReferrer } from "@/server/user/affiliate";
import { getCurrentUser } from "@/server/user/service";
import { EXPORT_FORMAT, EXPORT_VERSION, type PersonalData } from "./schema";

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Everything the portal holds about the signed-in person, read through each module's service and
 * copied field by field (an allow-list: a column added to a table later stays out until named here).
 */
export async function collectPersonalData(ctx: PersonCtx): Promise<PersonalData> {
  const { db } = ctx;
  const user = await getCurrentUser(ctx);
  const userId = user.id;
  const [twoFactor, sessions, identities, passkeys, events, stores, orders, payments, balances] =
    await Promise.all([
      twoFactorForExport(db, userId),
      sessionsForExport(db, userId),
      linkedIdentitiesForExport(db, userId),
      passkeysForExport(db, userId),
      securityEventsForExport(db, userId),
      storesForExport(db, userId),
      ordersForExport(db, userId),
      paymentsForExport(db, userId),
      balancesForExport(ctx, userId),
    ]);
  const [referrer, affiliate] = await Promise.all([myReferrer(ctx), myAffiliateInfo(ctx)]);
  // Earned while in the programme: kept (and exported) after leaving it too.
  const [commissions, invoices] = await Promise.all([
    commissionsForExport(db, userId),
    invoicesForExport(db, userId),
  ]);

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: iso(ctx.clock()),
    profile: {
      id: user.id,
      email: user.email,
      fullname: user.fullname,
      lastname: user.lastname,
      phone: user.phone,
      country_code: user.countryCode,
      avatar: user.avatar,
      language: user.language,
      timezone: user.timezone,
      code: user.code,
      flow_affilate_code: user.flowAffilateCode,
      scope: user.scope,
      status: user.status,
      is_partner: user.isPartner,
      signup_app_code: user.signupAppCode,
      utm_source: user.utmSource,
      last_login_at: isoOrNull(user.lastLoginAt),
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    verification: {
      is_verified: user.isVerified,
      is_verify_email: user.isVerifyEmail,
      is_verify_phone: user.isVerifyPhone,
      verify_type: user.verifyType,
    },
    two_factor: {
      type: user.twoFaType,
      enabled_at: isoOrNull(user.twoFaEnabledAt),
      is_required: user.isRequire2fa,
      backup_codes_total: twoFactor.backupCodes.total,
      backup_codes_unused: twoFactor.backupCodes.unused,
      trusted_devices: twoFactor.trustedDevices.map((d) => ({
        id: d.id,
        user_agent: d.userAgent,
        ip: d.ip,
        created_at: iso(d.createdAt),
        expires_at: iso(d.expiresAt),
        revoked_at: isoOrNull(d.revokedAt),
      })),
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      app_code: s.appCode,
      user_agent: s.userAgent,
      ip: s.ip,
      created_at: iso(s.createdAt),
      last_seen_at: iso(s.lastSeenAt),
      expires_at: iso(s.expiresAt),
      revoked_at: isoOrNull(s.revokedAt),
    })),
    linked_identities: identities.map((i) => ({
      provider: i.provider,
      subject: i.subject,
      email: i.email,
      created_at: iso(i.createdAt),
    })),
    passkeys: passkeys.map((p) => ({
      name: p.name,
      kind: p.kind,
      is_synced: p.is_synced,
      created_at: p.created_at,
      last_used_at: p.last_used_at,
    })),
    security_events: events.map((e) => ({
      id: e.id,
      type: e.type,
      ip: e.ip,
      user_agent: e.userAgent,
      data: e.data,
      created_at: iso(e.createdAt),
    })),
    balances: {
      money: user.money,
      point: Number(user.point),
      credit: Number(user.credit),
      credit_app: Number(user.creditApp),
    },
    stores: stores.map((s) => ({
      id: s.id,
      app_code: s.appCode,
      store_id: s.storeId,
      name: s.name,
      package_code: s.packageCode,
      activated_at: isoOrNull(s.activatedAt),
      expires_at: isoOrNull(s.expiresAt),
      created_at: iso(s.createdAt),
    })),
    orders: orders.map(({ order, lines }) => ({
      id: order.id,
      app_code: order.appCode,
      reference_no: order.referenceNo,
      status: order.status,
      total: order.total,
      credit: Number(order.credit),
      note: order.note,
      status_note: order.statusNote,
      paid_at: isoOrNull(order.paidAt),
      created_at: iso(order.createdAt),
      lines: lines.map((l) => ({
        id: l.id,
        app_code: l.appCode,
        store_id: l.storeId,
        store_name: l.storeName,
        package_code: l.packageCode,
        package_name: l.packageName,
        months: l.months,
        bonus_months: l.bonusMonths,
        subtotal: l.subtotal,
      })),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      order_id: p.orderId,
      order_reference_no: p.orderReferenceNo,
      reference_no: p.referenceNo,
      method: p.method,
      gateway: p.gateway,
      amount: p.amount,
      points_used: Number(p.pointsUsed),
      status: p.status,
      note: p.note,
      is_hidden: p.isHidden,
      paid_at: isoOrNull(p.paidAt),
      created_at: iso(p.createdAt),
    })),
    credit_logs: balances.credit.map(({ row, description }) => ({
      id: row.id,
      type: row.type,
      balance: row.balance,
      amount: Number(row.amount),
      reference_no: row.referenceNo,
      description,
      app_code: row.appCode,
      created_at: iso(row.createdAt),
    })),
    point_logs: balances.point.map(({ row, description }) => ({
      id: row.id,
      points: Number(row.points),
      reference_no: row.referenceNo,
      description,
      created_at: iso(row.createdAt),
    })),
    referrals: {
      referred_by: referrer.referrer,
      affilate_code: referrer.affilate_code,
      referred: balances.referrals.map((r) => ({
        id: r.id,
        email: r.email,
        verify_reward: r.verifyReward,
        purchased_reward: r.purchasedReward,
        created_at: iso(r.createdAt),
      })),
    },
    affiliate: affiliate.affilateInfo
      ? {
          code: affiliate.affilateInfo.code,
          flow_code: affiliate.affilateInfo.flow_code,
          level: affiliate.affilateInfo.level,
          payment_info: affiliate.affilateInfo.payment_info,
          referral_url: affiliate.affilateInfo.referral_url,
        }
      : null,
    commissions: commissions.map(({ commission: c, email, orderReferenceNo }) => ({
      id: c.id,
      customer_email: email,
      order_reference_no: orderReferenceNo,
      level: c.level,
      type: c.type,
      program: c.program,
      order_amount: c.orderAmount,
      rate: Number(c.rate),
      amount: c.amount,
      status: c.status,
      invoice_id: c.invoiceId,
      created_at: iso(c.createdAt),
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      month: i.month,
      total: i.total,
      status: i.status,
      note: i.note,
      paid_at: isoOrNull(i.paidAt),
      created_at: iso(i.createdAt),
    })),
  };
}
