// The sign-in row's floor: the least a password sign-in can do on this stack, with none of the
// portal. node:http, one pg pool, the bench's people: a named lookup by lower(email), one argon2id
// verification, one named statement that writes the session row, the "signin" event and the last
// sign-in time (one round trip, one commit, as the portal's CTE), and a JSON answer with a cookie.
// No validation, throttles, device limit, seal or logging. What this reaches against raw argon2id
// on a machine is the most any portal that keeps its sessions in PostgreSQL there can reach.
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { verify } from "@node-rs/argon2";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const port = Number(process.env.PORT ?? 3396);

const lookup = {
  name: "floor_lookup",
  text: "select id, password_hash from users where lower(email) = $1 limit 1",
};
const write = {
  name: "floor_write",
  text: `with s as (
      insert into sessions (id, user_id, token_hash, app_code, ip, expires_at)
      values ($2, $1, $3, 'portal', $4, now() + interval '30 days')
    ), e as (
      insert into security_events (id, user_id, type, ip) values ($5, $1, 'signin', $4)
    )
    update users set last_login_at = now() where id = $1`,
};

async function signIn(body: string, ip: string): Promise<{ status: number; token?: string }> {
  const input = JSON.parse(body) as { email: string; password: string };
  const { rows } = await pool.query<{ id: string; password_hash: string }>({
    ...lookup,
    values: [input.email.toLowerCase()],
  });
  const user = rows[0];
  if (!user || !(await verify(user.password_hash, input.password))) return { status: 401 };
  const token = randomBytes(32).toString("base64url");
  const id = () => randomBytes(13).toString("hex");
  await pool.query({
    ...write,
    values: [user.id, id(), createHash("sha256").update(token).digest("hex"), ip, id()],
  });
  return { status: 200, token };
}

createServer((req, res) => {
  if (req.method !== "POST") {
    res.statusCode = 404;
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    signIn(Buffer.concat(chunks).toString(), req.socket.remoteAddress ?? "").then(
      ({ status, token }) => {
        const body = JSON.stringify(
          status === 200 ? { code: 200, data: { redirect_url: "/" } } : { code: status },
        );
        res.writeHead(status, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(token ? { "set-cookie": `floor=${token}; Path=/; HttpOnly; SameSite=Lax` } : {}),
        });
        res.end(body);
      },
      (error: unknown) => {
        console.error(error);
        res.statusCode = 500;
        res.end();
      },
    );
  });
}).listen(port, "127.0.0.1", () => console.log(`floor on ${port}`));
