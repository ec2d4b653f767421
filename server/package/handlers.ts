import "server-only";
import { defineCall } from "@/server/http/call";
import { packageListSchema, packagePageDto } from "./schema";
import { listPackages } from "./service";

export const packageCalls = {
  /** SPEC §7 "package list (no auth)": the exact path was not shown; this is ours. */
  "/package/list": defineCall({
    auth: "none",
    // Prices are public: a product's own page may read them from the browser (issue 38), with a
    // POST as the portal's pages do or a plain GET with the same fields in the query.
    cors: "public",
    alsoMethod: "GET",
    summary: "The package catalog (prices in VND; `code` is what /order/create's lines name)",
    input: packageListSchema,
    output: packagePageDto,
    run: async (ctx, input) => ({ data: await listPackages(ctx, input) }),
  }),
};
