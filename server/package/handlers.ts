import "server-only";
import { defineCall } from "@/lib/http/call";
import { packageListSchema } from "./schema";
import { listPackages } from "./service";

export const packageCalls = {
  /** SPEC §7 "package list (no auth)": the exact path was not shown; this is ours. */
  "/package/list": defineCall({ auth: "none", input: packageListSchema, run: listPackages }),
};
