import { describe, expect, it } from "vitest";
import { scrubDeliveryError } from "./delivery-error";

describe("scrubDeliveryError", () => {
  it("keeps what the worker says of a failure", () => {
    expect(scrubDeliveryError("webhook answered 503", [])).toBe("webhook answered 503");
    expect(scrubDeliveryError("fetch failed: ECONNREFUSED", [])).toBe("fetch failed: ECONNREFUSED");
    expect(scrubDeliveryError(null, [])).toBeNull();
  });

  it("cuts an address's credentials and query, the app's secrets and email addresses", () => {
    const text =
      "Failed to parse URL from https://hook:p4ss@shop.example/events?token=abc123#x (key ls-webhook-secret-0123456789) for ann.smith@example.com";
    const scrubbed = scrubDeliveryError(text, ["ls-webhook-secret-0123456789", undefined]) ?? "";
    expect(scrubbed).toContain("https://[redacted]@shop.example/events?[redacted]");
    expect(scrubbed).not.toMatch(/p4ss|abc123|ls-webhook-secret|ann\.smith/);
    expect(scrubbed).toContain("(key [redacted])");
  });

  it("ignores a secret too short to be one (it would cut ordinary words)", () => {
    expect(scrubDeliveryError("webhook answered 500", ["500"])).toBe("webhook answered 500");
  });
});
