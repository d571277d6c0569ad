import { type Kysely, sql } from "kysely";

// The VIP bet (SPEC §5, decision 035): a coupon above the maximum stake waits for operations
// staff in the state 'approval' with its stake held by a pending transfer; approval opens it,
// rejection refuses it. is_vip marks it for good (history, ops list); who decided and when is
// kept beside it (the audit log has the full row).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_coupon drop constraint if exists bet_coupon_state_check`.execute(db);
  await sql`alter table bet_coupon add constraint bet_coupon_state_check check (state in ('waiting', 'approval', 'open', 'refused', 'settled'))`.execute(db);
  await sql`alter table bet_coupon add column is_vip boolean not null default false`.execute(db);
  await sql`alter table bet_coupon add column vip_decided_by text`.execute(db);
  await sql`alter table bet_coupon add column vip_decided_at timestamptz`.execute(db);
  await sql`create index bet_coupon_approval_idx on bet_coupon (id) where state = 'approval'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bet_coupon_approval_idx`.execute(db);
  await sql`alter table bet_coupon drop column if exists vip_decided_at`.execute(db);
  await sql`alter table bet_coupon drop column if exists vip_decided_by`.execute(db);
  await sql`alter table bet_coupon drop column if exists is_vip`.execute(db);
  await sql`alter table bet_coupon drop constraint if exists bet_coupon_state_check`.execute(db);
  await sql`alter table bet_coupon add constraint bet_coupon_state_check check (state in ('waiting', 'open', 'refused', 'settled'))`.execute(db);
}
