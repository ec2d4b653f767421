import { sql } from "drizzle-orm";
import { bigint, boolean, index, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A person's account: every user-info field of SPEC §3 has a column or is derived from one. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    fullname: text("fullname").notNull().default(""),
    lastname: text("lastname"),
    phone: text("phone"),
    countryCode: text("country_code"),
    avatar: text("avatar"),
    language: text("language").notNull().default("vi"),
    timezone: text("timezone").notNull().default("Asia/Ho_Chi_Minh"),
    /** Money in VND, whole đồng. */
    money: bigint("money", { mode: "number" }).notNull().default(0),
    point: numeric("point", { precision: 14, scale: 2 }).notNull().default("0"),
    credit: numeric("credit", { precision: 14, scale: 2 }).notNull().default("0"),
    creditApp: numeric("credit_app", { precision: 14, scale: 2 }).notNull().default("0"),
    scope: text("scope").notNull().default("user"),
    isPartner: boolean("is_partner").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    isVerifyPhone: boolean("is_verify_phone").notNull().default(false),
    isVerifyEmail: boolean("is_verify_email").notNull().default(false),
    verifyType: text("verify_type").notNull().default("EMAIL"),
    isRequire2fa: boolean("is_require_2fa").notNull().default(false),
    twoFaType: text("two_fa_type"),
    twoFaSecret: text("two_fa_secret"),
    twoFaEnabledAt: timestamp("two_fa_enabled_at", { withTimezone: true }),
    /** An authenticator secret being set up (encrypted), until its first code confirms it. */
    twoFaPendingSecret: text("two_fa_pending_secret"),
    /** The last TOTP time step accepted: a code is accepted once. */
    twoFaLastStep: bigint("two_fa_last_step", { mode: "number" }),
    verifyMailSentAt: timestamp("verify_mail_sent_at", { withTimezone: true }),
    /** The person's own referral / affiliate code, shared in their invite link. */
    code: text("code").notNull(),
    /** The person's affiliate code in the flow app (changeable, unique when set). */
    flowAffilateCode: text("flow_affilate_code"),
    referralId: text("referral_id"),
    affilateCode: text("affilate_code"),
    ladiflowRef: text("ladiflow_ref"),
    utmSource: text("utm_source"),
    affSid: text("aff_sid"),
    signupAppCode: text("signup_app_code"),
    /** ACTIVE, LOCKED, DELETION_PENDING (suspended, can still cancel) or DELETED (anonymised). */
    status: text("status").notNull().default("ACTIVE"),
    /** Why an operator locked sign-in (status LOCKED): shown to the person when a sign-in is refused. */
    lockedReason: text("locked_reason"),
    /** When the person (or an operator) asked for the account's deletion; null when none is pending. */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    /** When the sweep erases the account: the request plus ACCOUNT_DELETION_GRACE_DAYS. */
    deletionDueAt: timestamp("deletion_due_at", { withTimezone: true }),
    /** When the personal data was erased (the row stays, anonymous, for the financial records). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_code_key").on(sql`lower(${t.code})`),
    uniqueIndex("users_flow_affilate_code_key").on(sql`lower(${t.flowAffilateCode})`),
    index("users_phone_idx").on(t.phone),
    index("users_deletion_due_idx").on(t.deletionDueAt).where(sql`${t.deletionDueAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
