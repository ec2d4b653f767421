import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { maskContact, scrubText, serializeError } from "./log-scrub";

/** A failed insert as drizzle throws it: the query, its parameters, PostgreSQL's error as cause. */
function failedInsert(): DrizzleQueryError {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: "23505",
    detail: "Key (email)=(alice.nguyen@example.com) already exists.",
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "phone", "ip") values ($1, $2, $3)',
    ["alice.nguyen@example.com", "0912345678", "203.0.113.7"],
    cause,
  );
}

describe("log scrubbing (operations finding 4)", () => {
  it("cuts a failed query's parameters from its message and stack and drops its params, keeping the query and the cause", () => {
    const out = JSON.stringify(serializeError(failedInsert()));
    for (const value of ["alice.nguyen@example.com", "0912345678", "203.0.113.7"])
      expect(out).not.toContain(value);
    const logged = serializeError(failedInsert()) as Record<string, unknown>;
    expect(logged.params).toBeUndefined();
    expect(logged.message).toContain('Failed query: insert into "users"');
    expect(logged.message).toContain("params: [redacted]");
    expect(logged.message).toContain("duplicate key value violates unique constraint");
    expect(logged.stack).toContain("params: [redacted]");
    expect(logged.query).toContain('insert into "users"');
  });

  it("cuts the parameters from an error's message logged as a string, and masks emails in it", () => {
    const text = failedInsert().message;
    const logged = serializeError(text) as string;
    expect(logged).toBe(
      'Failed query: insert into "users" ("email", "phone", "ip") values ($1, $2, $3)\nparams: [redacted]',
    );
    expect(scrubText("SMTP refused bob@example.org")).toBe("SMTP refused b***b@example.org");
  });

  it("masks PostgreSQL's key values and nested emails", () => {
    const logged = serializeError({
      detail: "Key (phone)=(0912345678) already exists.",
      to: ["carol@example.com"],
    });
    expect(logged).toEqual({ detail: "Key (phone)=([redacted]) already exists.", to: ["c***l@example.com"] });
  });

  it("masks an email or a phone number by its shape", () => {
    expect(maskContact("donalo@example.com")).toBe("d***o@example.com");
    expect(maskContact("0912345678")).toBe("*******678");
    expect(maskContact(undefined)).toBeUndefined();
  });
});
