import { describe, expect, it } from "vitest";
import { cancelDeletionHref } from "./deletion-pending";

describe("cancelDeletionHref", () => {
  it("sends a refusal that offers the cancel step to its page, with the date", () => {
    const href = cancelDeletionHref({
      data: {
        error: "ACCOUNT_DELETION_PENDING",
        cancel_token: "a+b/c",
        deletion_due_at: "2026-12-08T10:00:00.000Z",
      },
    });
    expect(href).toBe("/cancel-deletion?token=a%2Bb%2Fc&due=2026-12-08T10%3A00%3A00.000Z");
  });

  it("leaves every other refusal to the form", () => {
    expect(cancelDeletionHref({ data: { error: "AUTH_INVALID_CREDENTIALS" } })).toBeNull();
    expect(cancelDeletionHref({ data: { error: "ACCOUNT_DELETION_PENDING" } })).toBeNull();
    expect(cancelDeletionHref({ data: undefined })).toBeNull();
  });
});
