import { describe, expect, it } from "vitest";
import { PASSWORD_CHECK_KEYS } from "@/lib/password-personal";
import { PASSWORD_KEYS } from "@/lib/password-rule";
import { signUpFormSchema, signUpSchema } from "./schema";

// Sign-up's input carries the email, name and phone: its schema (shared by the form) refuses a
// password made of them before anything is sent; the service checks it again with the list.
const body = (password: string) => ({
  fullname: "Nguyễn Văn An",
  email: "vanan@example.com",
  password,
  phone: "0912345678",
  country_code: "vn",
  token: "x",
  policy: true,
});

function passwordIssues(schema: typeof signUpSchema | typeof signUpFormSchema, password: string) {
  const result = schema.safeParse(body(password));
  return result.success
    ? []
    : result.error.issues.filter((i) => i.path[0] === "password").map((i) => i.message);
}

describe("sign-up schemas: the password is not the person's details", () => {
  it.each([signUpSchema, signUpFormSchema])("refuses the name or phone with the personal key", (schema) => {
    expect(passwordIssues(schema, "NguyenVanAn1")).toEqual([PASSWORD_CHECK_KEYS.personal]);
    expect(passwordIssues(schema, "0912345678x")).toEqual([PASSWORD_CHECK_KEYS.personal]);
  });

  it("says 'is the email' alone when the password is the email", () => {
    expect(passwordIssues(signUpSchema, "VANAN@example.com")).toEqual([PASSWORD_KEYS.sameAsEmail]);
  });

  it("leaves a list check to the server: a common password passes the schema", () => {
    expect(passwordIssues(signUpSchema, "iloveyou")).toEqual([]);
    expect(passwordIssues(signUpSchema, "correct horse battery staple")).toEqual([]);
  });
});
