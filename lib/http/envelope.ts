/** SPEC §7–§8 wire format of every /2.0 answer. */
export type Envelope<T = unknown> = { code: number; message: string; data: T };

export function envelope<T>(code: number, message: string, data: T): Envelope<T> {
  return { code, message, data };
}

/** SPEC §8: 200 and 201 are success; anything else is a failure with the server's message. */
export const isSuccess = (e: Pick<Envelope, "code">): boolean => e.code === 200 || e.code === 201;
