import "server-only";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Executor } from "@/server/db/client";
import {
  consumeOidcPayload,
  deleteOidcGrant,
  deleteOidcPayload,
  deleteOidcRowsOfGrant,
  findOidcPayload,
  type OidcLookup,
  type OidcPayload,
  upsertOidcPayload,
} from "./repository";

/**
 * oidc-provider's storage on the portal's database (PGlite or PostgreSQL): one instance per model
 * name (Session, Interaction, Grant, AuthorizationCode, AccessToken, RefreshToken, …).
 */
export class PortalOidcAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Executor,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = this.clock();
    await upsertOidcPayload(this.db, {
      model: this.model,
      id,
      payload: payload as OidcPayload,
      grantId: typeof payload.grantId === "string" ? payload.grantId : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      userCode: typeof payload.userCode === "string" ? payload.userCode : null,
      expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
      createdAt: now,
    });
  }

  private async lookup(lookup: OidcLookup): Promise<AdapterPayload | undefined> {
    const row = await findOidcPayload(this.db, this.model, lookup, this.clock());
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.lookup({ id });
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.lookup({ uid });
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.lookup({ userCode });
  }

  async consume(id: string): Promise<void> {
    await consumeOidcPayload(this.db, this.model, id, this.clock());
  }

  async destroy(id: string): Promise<void> {
    // A grant takes what was issued under it along.
    if (this.model === "Grant") await deleteOidcGrant(this.db, id);
    else await deleteOidcPayload(this.db, this.model, id);
  }

  /** This model's rows under the grant; the grant itself goes only when the provider destroys it. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteOidcRowsOfGrant(this.db, this.model, grantId);
  }
}
