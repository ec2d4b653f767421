import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { users } from "@/server/db/tables/users";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; undefined when the email (or code) is already taken. */
export async function insertUser(db: Executor, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Omit<NewUser, "id">>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** People for the operator tool, newest first; `search` matches email or name. */
export async function listUsers(
  db: Executor,
  options: { limit: number; search?: string },
): Promise<UserRow[]> {
  const pattern = options.search ? `%${options.search.toLowerCase()}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      pattern
        ? sql`lower(${users.email}) like ${pattern} or lower(${users.fullname}) like ${pattern}`
        : undefined,
    )
    .orderBy(desc(users.createdAt))
    .limit(options.limit);
}
