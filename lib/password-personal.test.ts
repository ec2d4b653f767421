import { describe, expect, it } from "vitest";
import { isPasswordPersonal, type PersonalDetails } from "./password-personal";

const ANN: PersonalDetails = { email: "ann.lee@example.com", fullname: "Ann Lee", phone: "0912345678" };
const NGUYEN: PersonalDetails = {
  email: "vanan@example.vn",
  fullname: "Nguyễn Văn An",
  phone: "+84 912 345 678",
};

describe("isPasswordPersonal: not the person's email, name or phone", () => {
  it.each<[string, string, PersonalDetails]>([
    ["the email", "ann.lee@example.com", ANN],
    ["the email in capitals", "ANN.LEE@EXAMPLE.COM", ANN],
    ["the email's local part with a year", "ann.lee2024", ANN],
    ["the local part without its dot", "AnnLee!!", ANN],
    ["the full name with digits", "annlee123", ANN],
    ["the name with accents dropped", "NguyenVanAn1", NGUYEN],
    ["the name as typed, with accents", "Nguyễn Văn An", NGUYEN],
    ["the family name, mostly", "nguyen2024", NGUYEN],
    ["the phone", "0912345678", ANN],
    ["the phone with a letter", "0912345678a", ANN],
    ["the phone without its leading 0", "912345678x", ANN],
    ["a phone stored with +84, typed with 0", "0912345678", NGUYEN],
  ])("refuses %s (%j)", (_label, password, person) => {
    expect(isPasswordPersonal(password, person)).toBe(true);
  });

  it.each<[string, string, PersonalDetails]>([
    ["a passphrase", "correct horse battery staple", ANN],
    ["a short name part inside a longer password ('ann' is under 4 characters)", "ann-rides-bikes", ANN],
    ["the name as a small part of a long passphrase", "lee walks the dog at dawn", ANN],
    ["a few digits of the phone", "blue-345678-kite-river", ANN],
    ["any password when no details are known", "annlee2024", {}],
    ["a password with nothing but separators", "........", ANN],
  ])("accepts %s (%j)", (_label, password, person) => {
    expect(isPasswordPersonal(password, person)).toBe(false);
  });

  it("needs the detail to be at least half the password", () => {
    // "annlee" (6) in 12 characters: refused; in 13: accepted.
    expect(isPasswordPersonal("annlee123456", ANN)).toBe(true);
    expect(isPasswordPersonal("annlee1234567", ANN)).toBe(false);
  });
});
