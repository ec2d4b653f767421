// The container test's walk through the running image (scripts/container-test.sh): sign up with a
// solved captcha, verify with the code the file outbox wrote into the mounted DATA_DIR, sign in and
// ask userinfo with the session cookie. Prints one JSON line; exits 1 at the first wrong answer.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

type Envelope<T> = { code: number; message: string; data: T };

const base = process.argv[2] ?? "";
const dataDir = process.argv[3] ?? "";
if (!base || !dataDir) throw new Error("usage: flow.ts <base url> <host folder mounted as DATA_DIR>");

async function call<T>(
  route: string,
  body: Record<string, unknown> | undefined,
  cookie = "",
): Promise<{ data: T; cookie: string }> {
  const response = await fetch(`${base}/2.0${route}`, {
    method: body ? "POST" : "GET",
    headers: { origin: base, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const parsed = JSON.parse(text) as Envelope<T> | T;
  // The captcha challenge is the only call answered without the envelope.
  if (route === "/captcha/challenge") return { data: parsed as T, cookie };
  const envelope = parsed as Envelope<T>;
  if (response.status !== 200 || envelope.code !== 200) {
    throw new Error(`${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return { data: envelope.data, cookie: [cookie, ...set].filter(Boolean).join("; ") };
}

async function captchaToken(): Promise<string> {
  const { data: challenge } = await call<Challenge>("/captcha/challenge", undefined);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the captcha");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** The newest six-digit code the outbox adapter wrote for `to` (files under DATA_DIR/outbox). */
async function codeFor(to: string): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  for (let tries = 0; tries < 50; tries += 1) {
    const files = readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile());
    const texts = files
      .map((f) => readFileSync(path.join(dir, f.name), "utf8"))
      .filter((text) => text.includes(to));
    const code = texts.map((text) => /\b(\d{6})\b/.exec(text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code for ${to} in ${dir}`);
}

async function main(): Promise<void> {
  const email = `container-${randomBytes(4).toString("hex")}@example.com`;
  const password = `Qv7!${randomBytes(6).toString("hex")}`;
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const started = performance.now();
  const signup = await call<{ token: string }>("/auth/signup", {
    fullname: "Container Person",
    email,
    password,
    phone,
    country_code: "vn",
    token: await captchaToken(),
  });
  await call("/auth/verify-account", { code: await codeFor(email), token: signup.data.token });
  const signin = await call<unknown>("/auth/signin", { email, password });
  if (!signin.cookie) throw new Error("/auth/signin set no session cookie");
  const info = await call<{ email?: string }>("/auth/userinfo", {}, signin.cookie);
  if (info.data.email !== email) throw new Error(`userinfo named ${JSON.stringify(info.data)}, not ${email}`);
  console.log(JSON.stringify({ ok: true, email, ms: Math.round(performance.now() - started) }));
}

main().catch((error: unknown) => {
  console.error(`flow: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
