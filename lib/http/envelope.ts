/** SPEC §7–§8 wire format of every /2.0 answer. */
export type Envelope<T = unknown> = { code: number; message: string; data: T };

export function envelope<T>(code: number, message: string, data: T): Envelope<T> {
  return { code, message, data };
}

/** SPEC §8: 200 and 201 are success; anything else is a failure with the server's message. */
export const isSuccess = (e: Pick<Envelope, "code">): boolean => e.code === 200 || e.code === 201;

/**
 * The seconds a throttled call says to wait (`data.retry_after` of RATE_LIMITED and
 * OTP_RESEND_TOO_EARLY), or 0 when the answer is no such refusal.
 */
export function retryAfterOf(e: Pick<Envelope, "data">): number {
  const data = e.data as { retry_after?: unknown } | null | undefined;
  const seconds = data?.retry_after;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0;
}
