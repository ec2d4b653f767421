// The person's security history as the profile's Activity card and the API reference show it.
// No server imports here: client components use it.
import { z } from "zod";

export const securityEventDto = z.object({
  id: z.string(),
  type: z.string().describe("signin, signin_failed, 2fa_enabled, password_changed, signout, …"),
  ip: z.string().nullable(),
  browser: z.string(),
  os: z.string(),
  created_at: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type SecurityEventDto = z.infer<typeof securityEventDto>;

/** /user/security-events: a page of events, newest first, and how many there are. */
export const securityEventsDto = z.object({ items: z.array(securityEventDto), total: z.number().int() });
