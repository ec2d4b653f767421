// A software WebAuthn authenticator for the integration tests: a P-256 key from node:crypto, the
// "none" attestation and real assertions (authenticator data, client data, ECDSA signature in
// DER), so the server verifies them as it would a phone's or a security key's.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Json = Record<string, unknown>;

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

/** The AAGUID Chromium's virtual authenticator and this one report (not a known model). */
export const SOFT_AAGUID = "01020304-0506-0708-0102-030405060708";

// Minimal CBOR (RFC 8949) for what attestation needs: unsigned and negative integers, byte and
// text strings, maps.
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}

/** The COSE_Key of an EC2 P-256 public key for ES256. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("soft authenticator: not an EC key");
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
}

export type SoftCredential = {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The next assertion signs counter + 1 (set it to replay an old authenticator state). */
  counter: number;
  userHandle: string;
  rpId: string;
};

export type SoftOptions = {
  origin: string;
  /** Flags to claim: user verified (default true), backup eligible and backed up (default false). */
  userVerified?: boolean;
  backedUp?: boolean;
  /** Counter of the attestation and the step per assertion (0 and 0: an authenticator without one). */
  startCounter?: number;
  counterStep?: number;
};

/** One authenticator holding any number of discoverable credentials. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(private readonly options: SoftOptions) {}

  private flags(extra: number): number {
    let flags = FLAG_UP | extra;
    if (this.options.userVerified ?? true) flags |= FLAG_UV;
    if (this.options.backedUp) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  private clientData(type: string, challenge: string, origin?: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? this.options.origin, crossOrigin: false }),
    );
  }

  /** navigator.credentials.create() for `/passkey/registration-options`' answer, as RegistrationResponseJSON. */
  create(optionsJSON: Json, override: { origin?: string; challenge?: string } = {}): Json {
    const rp = optionsJSON.rp as { id: string };
    const user = optionsJSON.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const id = randomBytes(16);
    const counter = this.options.startCounter ?? 0;
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([this.flags(FLAG_AT)]),
      u32(counter),
      Buffer.from(SOFT_AAGUID.replace(/-/g, ""), "hex"),
      Buffer.from([0, id.length]),
      id,
      coseKey(publicKey),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      "webauthn.create",
      override.challenge ?? String(optionsJSON.challenge),
      override.origin,
    );
    this.credentials.push({
      id: b64url(id),
      privateKey,
      publicKey,
      counter,
      userHandle: user.id,
      rpId: rp.id,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() for `/passkey/signin-options`' answer, with the newest (or a given) credential. */
  get(
    optionsJSON: Json,
    override: { credential?: SoftCredential; origin?: string; challenge?: string } = {},
  ): Json {
    const credential = override.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error("soft authenticator: no credential");
    credential.counter += this.options.counterStep ?? 1;
    const rpId = String(optionsJSON.rpId ?? credential.rpId);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(0)]), u32(credential.counter)]);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      override.challenge ?? String(optionsJSON.challenge),
      override.origin,
    );
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
