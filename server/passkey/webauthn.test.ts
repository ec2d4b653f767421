import { generateAuthenticationOptions, generateRegistrationOptions } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";
import { authenticationResponse, registrationResponse } from "./schema";
import {
  challengeOf,
  isCounterRegression,
  kindOf,
  relyingParty,
  verifyAssertion,
  verifyRegistration,
} from "./webauthn";

const rp = relyingParty("https://accounts.example.com/some/path");

async function registered(authenticator: SoftAuthenticator) {
  const options = await generateRegistrationOptions({
    rpName: "Accounts",
    rpID: rp.id,
    userName: "a@example.com",
    userID: new TextEncoder().encode("user-1"),
    attestationType: "none",
  });
  const response = registrationResponse.parse(authenticator.create({ ...options }));
  return verifyRegistration({ response, challenge: options.challenge, rp });
}

async function assertion(authenticator: SoftAuthenticator, origin?: string) {
  const options = await generateAuthenticationOptions({ rpID: rp.id });
  const response = authenticationResponse.parse(authenticator.get({ ...options }, { origin }));
  return { response, challenge: options.challenge };
}

describe("relyingParty", () => {
  it("takes the id from APP_URL's host name and the origin without the path", () => {
    expect(rp).toEqual({ id: "accounts.example.com", origin: "https://accounts.example.com" });
    expect(relyingParty("http://localhost:3000")).toEqual({
      id: "localhost",
      origin: "http://localhost:3000",
    });
  });
});

describe("isCounterRegression", () => {
  it("accepts a growing counter and two zeros (authenticators without one)", () => {
    expect(isCounterRegression(0, 0)).toBe(false);
    expect(isCounterRegression(0, 1)).toBe(false);
    expect(isCounterRegression(5, 6)).toBe(false);
  });
  it("refuses a counter that goes backwards or stays", () => {
    expect(isCounterRegression(5, 4)).toBe(true);
    expect(isCounterRegression(5, 5)).toBe(true);
    expect(isCounterRegression(5, 0)).toBe(true);
  });
});

describe("challengeOf", () => {
  it("reads the challenge of clientDataJSON, and nothing from anything else", () => {
    const data = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "abc" })).toString(
      "base64url",
    );
    expect(challengeOf(data)).toBe("abc");
    expect(challengeOf(Buffer.from("not json").toString("base64url"))).toBeUndefined();
    expect(challengeOf(Buffer.from(JSON.stringify({ challenge: 3 })).toString("base64url"))).toBeUndefined();
  });
});

describe("kindOf", () => {
  it("names well-known authenticators, else unknown", () => {
    expect(kindOf("FBFC3007-154E-4ECC-8C0B-6E020557D7BD")).toBe("iCloud Keychain");
    expect(kindOf("00000000-0000-0000-0000-000000000000")).toBe("unknown");
  });
});

describe("verifyRegistration", () => {
  it("keeps the key, counter, transports, AAGUID and backup flags", async () => {
    const credential = await registered(new SoftAuthenticator({ origin: rp.origin, backedUp: true }));
    expect(credential).toMatchObject({
      counter: 0,
      transports: ["internal"],
      deviceType: "multiDevice",
      isBackupEligible: true,
      isBackedUp: true,
      aaguid: "01020304-0506-0708-0102-030405060708",
    });
  });
  it("refuses an answer made for another origin", async () => {
    const options = await generateRegistrationOptions({ rpName: "A", rpID: rp.id, userName: "a" });
    const response = registrationResponse.parse(
      new SoftAuthenticator({ origin: "https://evil.example" }).create({ ...options }),
    );
    await expect(verifyRegistration({ response, challenge: options.challenge, rp })).rejects.toMatchObject({
      code: "PASSKEY_INVALID",
    });
  });
  it("refuses a device that did not verify its owner", async () => {
    const unverified = new SoftAuthenticator({ origin: rp.origin, userVerified: false });
    await expect(registered(unverified)).rejects.toMatchObject({ code: "PASSKEY_INVALID" });
  });
});

describe("verifyAssertion", () => {
  it("accepts a genuine assertion and answers the new counter", async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = await registered(authenticator);
    const result = await verifyAssertion({ ...(await assertion(authenticator)), rp, passkey });
    expect(result).toEqual({ ok: true, counter: 1, isBackedUp: false });
  });

  it("reports a counter that did not grow, after the signature checked out", async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = { ...(await registered(authenticator)), counter: 7 };
    const result = await verifyAssertion({ ...(await assertion(authenticator)), rp, passkey });
    expect(result).toEqual({ ok: false, reason: "counter", stored: 7, received: 1 });
  });

  it("refuses a signature by another key, another origin or the wrong challenge", async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const passkey = await registered(authenticator);
    const other = await registered(new SoftAuthenticator({ origin: rp.origin }));
    const wrongKey = { ...passkey, publicKey: other.publicKey };
    expect(await verifyAssertion({ ...(await assertion(authenticator)), rp, passkey: wrongKey })).toEqual({
      ok: false,
      reason: "signature",
    });
    const phished = await assertion(authenticator, "https://accounts.example.com.evil.example");
    expect(await verifyAssertion({ ...phished, rp, passkey })).toEqual({ ok: false, reason: "signature" });
    const { response } = await assertion(authenticator);
    expect(await verifyAssertion({ response, challenge: "b3RoZXI", rp, passkey })).toEqual({
      ok: false,
      reason: "signature",
    });
  });
});
