/**
 * The closed set of failures a service may raise. Each maps to one envelope code and one
 * catalog entry (`errors.<CODE>`), so a message is always translated and never leaks internals.
 */
export const ERROR_CODES = {
  VALIDATION: 400,
  PAYLOAD_TOO_LARGE: 413,
  BAD_JSON: 400,
  UNKNOWN_CALL: 404,
  METHOD_NOT_ALLOWED: 405,
  FORBIDDEN_ORIGIN: 403,
  UNAUTHORIZED: 401,
  AUTH_INVALID_CREDENTIALS: 400,
  ACCOUNT_LOCKED: 403,
  /** The account is suspended for deletion; a right password's answer carries the cancel step. */
  ACCOUNT_DELETION_PENDING: 403,
  CONFIRM_EMAIL_MISMATCH: 400,
  EMAIL_TAKEN: 409,
  REGISTRATION_DISABLED: 403,
  CAPTCHA_INVALID: 400,
  FLOW_TOKEN_INVALID: 400,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_ATTEMPTS: 400,
  OTP_RESEND_TOO_EARLY: 429,
  RATE_LIMITED: 429,
  DELIVERY_FAILED: 502,
  EMAIL_ALREADY_VERIFIED: 409,
  VERIFY_MAIL_TOO_EARLY: 429,
  REGISTRATION_ALREADY_COMPLETE: 409,
  SOCIAL_NOT_CONFIGURED: 404,
  SOCIAL_DENIED: 400,
  SOCIAL_STATE_INVALID: 400,
  SOCIAL_FAILED: 502,
  SOCIAL_EMAIL_REQUIRED: 400,
  /** The provider's identity is already linked to another account of the portal. */
  SOCIAL_ALREADY_LINKED: 409,
  /** Unlinking would leave the account without any way to sign in. */
  SOCIAL_LAST_METHOD: 409,
  SOCIAL_NOT_LINKED: 404,
  TWO_FA_INVALID: 400,
  /**
   * The app's code is right but its 30-second step was already spent (turning 2FA on, or the
   * sign-in just before): the next code will do. Only a right code gets it, so it tells a guesser nothing.
   */
  TWO_FA_CODE_USED: 400,
  TWO_FA_SETUP_MISSING: 400,
  TWO_FA_NOT_SMS: 400,
  TWO_FA_REQUIRED: 403,
  PASSWORD_INCORRECT: 400,
  DEVICE_LIMIT_EXCEEDED: 503,
  DEVICE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  AMOUNT_INVALID: 400,
  INSUFFICIENT_BALANCE: 409,
  CODE_TAKEN: 409,
  NOT_AFFILIATE: 403,
  AVATAR_REFUSED: 400,
  AVATAR_TOO_LARGE: 413,
  AVATAR_NOT_IMAGE: 400,
  APP_UNKNOWN: 404,
  PRODUCT_KEY_INVALID: 401,
  PERSON_TOKEN_INVALID: 401,
  IDEMPOTENCY_MISMATCH: 409,
  PACKAGE_UNKNOWN: 400,
  PACKAGE_MONTHS_INVALID: 400,
  STORE_NOT_OWNED: 409,
  ORDER_NOT_FOUND: 404,
  ORDER_NOT_PENDING: 409,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_NOT_PENDING: 409,
  PAYMENT_NOT_HIDEABLE: 409,
  ORDER_ALREADY_PAID: 409,
  CHECKOUT_METHOD_UNAVAILABLE: 400,
  GATEWAY_UNAVAILABLE: 502,
  COMMISSION_NOT_FOUND: 404,
  INVOICE_NOT_FOUND: 404,
  NOT_PARTNER: 403,
  CUSTOMER_NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  PACKAGE_NOT_OFFERED: 400,
  INSUFFICIENT_CREDIT: 409,
  STORE_EXISTS: 409,
  REAUTH_REQUIRED: 403,
  REAUTH_USE_PASSWORD: 409,
  /**
   * "Confirm it's you", or a call that wants it, from anything but the portal's own browser session:
   * a product's token, an OIDC access token or an API key in `authorization`, a session adopted from
   * a product's token. The password is never looked at then.
   */
  REAUTH_PORTAL_SESSION_REQUIRED: 403,
  PASSKEY_CHALLENGE_INVALID: 400,
  PASSKEY_INVALID: 400,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_EXISTS: 409,
  PASSKEY_LIMIT: 409,
  /** An operator call (auth mode "admin") by someone without the admin scope. */
  ADMIN_REQUIRED: 403,
  /** An operator call from a session whose sign-in did not prove the second factor (or a passkey). */
  ADMIN_2FA_REQUIRED: 403,
  ACCOUNT_NOT_LOCKED: 409,
  /** Locking an account that waits for deletion or was erased. */
  ACCOUNT_NOT_LOCKABLE: 409,
  /** An operator locking, deleting, demoting or resetting the second factor of their own account. */
  OPERATOR_OWN_ACCOUNT: 403,
  /** Removing the admin scope of the last active admin: nobody could open the console any more. */
  LAST_ACTIVE_ADMIN: 409,
  TWO_FA_NOT_ENABLED: 409,
  OUTBOX_ROW_NOT_FOUND: 404,
  OUTBOX_ROW_SENT: 409,
  /** A product's events call names an event that is not one of that product's own. */
  EVENT_NOT_FOUND: 404,
  /** An operator call names a person who does not exist (or was erased). */
  PERSON_NOT_FOUND: 404,
  PERSON_EMAIL_VERIFIED: 409,
  /** A package catalog file with a problem: `data.errors` names every one; nothing was written. */
  CATALOG_INVALID: 400,
  /** An operator's status for an order its state rules do not allow from where it is (PAID → CANCEL). */
  ORDER_STATUS_NOT_ALLOWED: 409,
  /** Asking a gateway about an attempt that has none to ask (a transfer, points, credit). */
  PAYMENT_NOT_QUERYABLE: 409,
  TRANSFER_NOT_FOUND: 404,
  /** Applying a bank transfer that already paid something (matched, applied, late) or is still being applied. */
  TRANSFER_NOT_APPLICABLE: 409,
  /** The transfer's amount is less than what the order owes: nothing is paid. */
  TRANSFER_AMOUNT_SHORT: 409,
  /** Applying a transfer to an order that is no longer waiting for payment. */
  TRANSFER_ORDER_SETTLED: 409,
  /** Paying or cancelling an invoice that is already paid or cancelled. */
  INVOICE_NOT_PENDING: 409,
  /** /user/set-password for an account that has a password already (it changes it instead). */
  PASSWORD_ALREADY_SET: 409,
  /** Sign-in by code is turned off (PASSWORDLESS_ENABLED=false). */
  PASSWORDLESS_DISABLED: 403,
  /** A repeated sign-in-code request from one address: the captcha is asked for from the second on. */
  CAPTCHA_REQUIRED: 400,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields?: FieldErrors;
  readonly data?: unknown;

  constructor(
    code: ErrorCode,
    options: { params?: Record<string, string | number>; fields?: FieldErrors; data?: unknown } = {},
  ) {
    super(code);
    this.name = "AppError";
    this.code = code;
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.data = options.data;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}
