import "server-only";
import type { z } from "zod";
import type { Ctx } from "@/server/context";
import { isFlowLive } from "@/server/verification/service";
import type { FlowStatusDto, flowStatusSchema } from "./schema";

/**
 * /auth/flow-status: whether a link's step (reset password, device limit, a sign-in's second
 * step) can still be used, so its page shows the form or says the link has expired before anyone
 * types into it. Only `valid`: never whose step it is or where a code went. A sign-up decoy's step
 * reads valid like a real one.
 */
export async function getFlowStatus(
  ctx: Ctx,
  input: z.output<typeof flowStatusSchema>,
): Promise<FlowStatusDto> {
  return { valid: await isFlowLive(ctx, input.token, input.purpose) };
}
