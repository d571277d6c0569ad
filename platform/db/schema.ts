import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

/** One row per top-level key of the site config; `value` is the key's JSON value. */
export interface SiteConfigTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: string;
}

/** A country's override of one site-config key (the country comes from the country header). */
export interface SiteConfigOverrideTable {
  country: string;
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: string;
}

/** Content groups by language (`*` is the fallback for every language). */
export interface ConfigGroupTable {
  group_name: string;
  lang: string;
  value: Json;
  updated_at: Timestamp;
}

/** Which named parts of the demo seed this database has received. */
export interface SeedRunTable {
  name: string;
  applied_at: Generated<Date>;
}

type CreatedUpdated = {
  created_by: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** A redirect rule (see domain/redirects.ts for source and target syntax). */
export interface RedirectRuleTable extends CreatedUpdated {
  id: Generated<number>;
  source: string;
  target: string;
  code: number;
  /** null: every language. */
  languages: ColumnType<string[] | null, string | null | undefined, string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  priority: ColumnType<number, number | undefined, number>;
  note: ColumnType<string, string | undefined, string>;
}

/** A block rule (see domain/blocks.ts for the pattern of each kind). */
export interface BlockRuleTable extends CreatedUpdated {
  id: Generated<number>;
  kind: "country" | "user_agent" | "path";
  pattern: string;
  reason: number;
  template_type_id: ColumnType<number, number | undefined, number>;
  applies_to: ColumnType<"all" | "guests" | "users", "all" | "guests" | "users" | undefined, "all" | "guests" | "users">;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  priority: ColumnType<number, number | undefined, number>;
  note: ColumnType<string, string | undefined, string>;
}

export interface AppUserTable {
  id: Generated<number>;
  login: string | null;
  email: string | null;
  phone_number: string | null;
  phone_code: string | null;
  country_code: string | null;
  password_hash: string | null;
  roles: ColumnType<string[], string | undefined, string>;
  ban_level: ColumnType<number, number | undefined, number>;
  ban_version: ColumnType<number, number | undefined, number>;
  user_status_id: ColumnType<number, number | undefined, number>;
  activation_type: ColumnType<number, number | undefined, number>;
  terms_accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  user_data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  two_factor_enabled: Flag;
  email_activated: Flag;
  phone_activated: Flag;
  enable_mail_news: Flag;
  enable_mail_deposit: Flag;
  enable_mail_bets: Flag;
  enable_sms_news: Flag;
  /** ISO 4217 code chosen at registration. */
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 declined, 1 sport bonus, 2 casino bonus. */
  bonus_choice: ColumnType<number | null, number | null | undefined, number | null>;
  registration_type: ColumnType<RegistrationType | null, RegistrationType | null | undefined, RegistrationType | null>;
  promocode: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** SPEC §3: sport ids hidden from this bettor in the line and in live. */
  disallow_line_sport: ColumnType<number[], number[] | undefined, number[]>;
  disallow_live_sport: ColumnType<number[], number[] | undefined, number[]>;
  /** The header's quick display settings (odds format, view, theme); null until first saved. */
  display_settings: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type RegistrationType = "fast_reg" | "phone_reg" | "full_reg" | "one_click" | "soc_reg";

/** An API token minted from a session (10 minutes); only its SHA-256 is stored. */
export interface AccessTokenTable {
  token_hash: string;
  session_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export type AuthCodePurpose = "sms_login" | "two_step" | "activate_email" | "activate_phone" | "password_reset";

/** A one-time numeric code sent to the user; code_hash is an HMAC with the platform secret. */
export interface AuthCodeTable {
  id: Generated<number>;
  user_id: number;
  purpose: AuthCodePurpose;
  /** Where it was sent: a lower-case e-mail or "+" and the phone digits. */
  destination: string;
  code_hash: string;
  ticket_hash: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

export interface SocialAccountTable {
  id: Generated<number>;
  provider: string;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: Timestamp;
}

/** A one-time sign-in token: a login link or a one-tap social pass. */
export interface LoginTokenTable {
  id: Generated<number>;
  kind: "link" | "social";
  user_id: number;
  social_account_id: number | null;
  token_hash: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

/** A fixed-window counter: hits of one scope (e.g. failed logins per address) for one key. */
export interface RateLimitTable {
  scope: string;
  key: string;
  window_started_at: ColumnType<Date, Date | string, Date | string>;
  window_seconds: number;
  hits: number;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  client_address: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  answered_at: NullableTimestamp;
  token_hash: string | null;
  token_expires_at: NullableTimestamp;
  token_used_at: NullableTimestamp;
}

/** A message the fake SMS or e-mail sender "sent". */
export interface OutboxTable {
  id: Generated<number>;
  channel: "sms" | "email";
  to: string;
  subject: string | null;
  body: string;
  code: string | null;
  created_at: Timestamp;
}

export interface PhoneCountryTable {
  id: number;
  name: string;
  /** ISO 3166 alpha-2. */
  country_code: string;
  /** Dialing code digits, without "+". */
  tel_code: string;
  mask: string;
  min_digits: number;
  max_digits: number;
}

/** A sign-in session; only the SHA-256 of its bearer token is stored. */
export interface UserSessionTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_seen_at: Timestamp;
}

export interface BlockAppealTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  status: ColumnType<"pending" | "answered" | "rejected", "pending" | "answered" | "rejected" | undefined, "pending" | "answered" | "rejected">;
  answer: string | null;
  created_at: Timestamp;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One chapter of a rules group in one language (feature route 47). */
export interface RulesChapterTable {
  group_id: number;
  chapter_id: number;
  lang: string;
  group_title: string;
  title: string;
  body: string;
  updated_at: Timestamp;
}

/** One change made through the admin API: who, when, what, and the entity before and after. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  at: Timestamp;
}

/** The single row whose counter a trigger bumps on every config, redirect or block rule write. */
export interface ConfigVersionTable {
  id: number;
  epoch: string;
  /** bigint: read as text. */
  counter: ColumnType<string, never, never>;
  changed_at: Timestamp;
}

/** A bigint column: pg answers a string, PGlite a number; the domain reads it with Number(). */
type Int8 = ColumnType<string | number, string | number, string | number>;
type Int8Out = ColumnType<string | number, never, never>;

/** A ledger account (decision 017): a bettor's (SPEC §3 type 0 main, 4 bonus, 9 currency) or the house's. */
export interface LedgerAccountTable {
  id: ColumnType<string | number, never, never>;
  kind: "bettor" | "house";
  user_id: number | null;
  type: ColumnType<number, number | undefined, number>;
  purpose: string | null;
  currency: string;
  no_negative: boolean;
  is_frozen: ColumnType<boolean, boolean | undefined, boolean>;
  label: ColumnType<string, string | undefined, string>;
  /** Moved only by the transfer trigger. */
  debits_posted: Int8Out;
  credits_posted: Int8Out;
  debits_pending: Int8Out;
  credits_pending: Int8Out;
  created_at: Timestamp;
}

export type LedgerTransferFlag = "posted" | "pending" | "post_pending" | "void_pending";

/** An immutable ledger transfer; no UPDATE or DELETE is allowed on the table. */
export interface LedgerTransferTable {
  /** Drawn by the caller (nextval) when rows referencing it are written in the same statement. */
  id: ColumnType<string | number, string | undefined, never>;
  debit_account_id: Int8;
  credit_account_id: Int8;
  amount: Int8;
  currency: string;
  flag: LedgerTransferFlag;
  pending_id: ColumnType<string | number | null, string | number | null | undefined, never>;
  kind: string;
  reference: ColumnType<string, string | undefined, never>;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Timestamp;
}

/** One bet placement per idempotency key, with its first (success) answer. */
export interface BetRequestTable {
  /** Drawn by the caller (nextval) when rows referencing it are written in the same statement. */
  id: ColumnType<string | number, string | undefined, never>;
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  response: Json;
  created_at: Timestamp;
}

export type CouponState = "waiting" | "approval" | "open" | "refused" | "settled";

export interface BetCouponTable {
  /** Drawn by the caller (nextval) when rows referencing it are written in the same statement. */
  id: ColumnType<string | number, string | undefined, never>;
  request_id: Int8;
  user_id: number;
  account_id: Int8;
  type_id: number;
  group_type_id: number;
  system_value: number | null;
  amount: Int8;
  currency: string;
  coef: string;
  possible_win: Int8;
  state: CouponState;
  status_id: ColumnType<number, number | undefined, number>;
  payout: ColumnType<string | number | null, string | number | null | undefined, string | number | null>;
  is_live: ColumnType<boolean, boolean | undefined, boolean>;
  decide_at: NullableTimestamp;
  change_coef_action: number;
  promo_code: string | null;
  refusal: ColumnType<unknown, string | null | undefined, string | null>;
  stake_transfer_id: Int8;
  settlement_version: ColumnType<number, number | undefined, number>;
  is_drop_on_score_change: ColumnType<boolean, boolean | undefined, boolean>;
  bonus_coef: ColumnType<number | null, number | null | undefined, number | null>;
  is_vip: ColumnType<boolean, boolean | undefined, boolean>;
  vip_decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  vip_decided_at: NullableTimestamp;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface BetSelectionTable {
  id: ColumnType<string | number, never, never>;
  coupon_id: Int8;
  user_id: number;
  outcome_id: number;
  game_id: number;
  market_id: number;
  market_type_id: number;
  market_version: number;
  period: number;
  param: number | null;
  outcome_key: string;
  seen_coef: number;
  coef: number;
  is_banker: boolean;
  is_live: boolean;
  status_id: ColumnType<number, number | undefined, number>;
  settled_at: NullableTimestamp;
  /** "home:away" of the game when placed (live coupons). */
  score_seen: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PromoCodeTable {
  code: string;
  boost_percent: number;
  min_coef: ColumnType<number, number | undefined, number>;
  coupon_types: ColumnType<number[], string | undefined, string>;
  valid_from: Timestamp;
  valid_to: NullableTimestamp;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PromoCodeUseTable {
  code: string;
  user_id: number;
  coupon_id: Int8;
}

export interface BetLimitTable {
  currency: string;
  type_id: number;
  min_amount: Int8;
  max_amount: Int8;
  max_payout: Int8;
}

export interface BetOutcomeLimitTable {
  currency: string;
  max_payout: Int8;
}

// ---------------------------------------------------------------- sports catalogue (migration 008)

export interface SportTable {
  id: number;
  slug: string;
  name: string;
  kind: "real" | "cyber";
  model: "goals" | "points" | "sets" | "race";
  sort: ColumnType<number, number | undefined, number>;
  rules: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface SportCountryTable {
  id: number;
  code: string;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface ChampionshipTable {
  id: number;
  sport_id: number;
  country_id: number;
  name: string;
  slug: string;
  sort: ColumnType<number, number | undefined, number>;
  is_top: Flag;
  source: string;
  /** The season this one follows (a rebuilt football season, decision 014); null for the rest. */
  previous_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TeamTable {
  id: number;
  sport_id: number;
  country_id: number;
  name: string;
  slug: string;
  /** Strength in thousandths around 1000. */
  rating: ColumnType<number, number | undefined, number>;
}

/** A race's runner (domain/sports/types.ts RunnerRec). */
export interface RunnerRow {
  lane: number;
  teamId: number;
  progress: number;
  finishSec: number | null;
  place: number | null;
}

/** 0 scheduled, 1 line, 2 live, 3 break, 4 finished, 5 cancelled. */
export type GameStatus = 0 | 1 | 2 | 3 | 4 | 5;

export interface GameTable {
  id: number;
  sport_id: number;
  champ_id: number;
  /** Null for a race, whose field is `runners`. */
  home_team_id: number | null;
  away_team_id: number | null;
  runners: ColumnType<RunnerRow[] | null, string | null | undefined, string | null>;
  start_at: ColumnType<Date, Date | string, Date | string>;
  status: GameStatus;
  game_time_sec: ColumnType<number, number | undefined, number>;
  period: ColumnType<number, number | undefined, number>;
  /** [[home, away], …] per period. */
  scores: ColumnType<[number, number][], string | undefined, string>;
  score_home: ColumnType<number | null, number | null | undefined, number | null>;
  score_away: ColumnType<number | null, number | null | undefined, number | null>;
  has_video: Flag;
  is_top: Flag;
  round: ColumnType<string | null, string | null | undefined, string | null>;
  source: string;
  sim: ColumnType<unknown, string | null | undefined, string | null>;
  finished_at: NullableTimestamp;
  feed_version: ColumnType<number, number | undefined, number>;
}

export interface MarketTypeTable {
  id: number;
  key: string;
  group_key: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface SportMarketTypeTable {
  sport_id: number;
  type_id: number;
  is_main: Flag;
}

export interface MarketTable {
  id: number;
  game_id: number;
  type_id: number;
  period: ColumnType<number, number | undefined, number>;
  /** Thousandths (2.5 is 2500) or null. */
  param: number | null;
  version: ColumnType<number, number | undefined, number>;
  blocked: Flag;
  settled_at: NullableTimestamp;
  feed_version: ColumnType<number, number | undefined, number>;
}

export interface OutcomeTable {
  id: number;
  market_id: number;
  game_id: number;
  type_id: number;
  key: string;
  /** Hundredths (1.85 is 185). */
  coef: number;
  blocked: Flag;
  /** Bet status id once settled (1 win, 0 lose, 2 return), else null. */
  result: ColumnType<number | null, number | null | undefined, number | null>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface SportsSimTable {
  id: number;
  seed: ColumnType<number, number | undefined, number>;
  /** bigint epoch ms: read as text. */
  clock_ms: ColumnType<string, string | number, string | number>;
  paused: Flag;
  feed_version: ColumnType<number, number | undefined, number>;
  next_game_id: ColumnType<number, number | undefined, number>;
  next_market_id: ColumnType<number, number | undefined, number>;
  next_outcome_id: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** What a bettor owes after a correction took back spent winnings (decision 019). */
export interface BettorDebtTable {
  id: Generated<string>;
  user_id: number;
  account_id: string | number;
  currency: string;
  coupon_id: string | number;
  transfer_id: string | number;
  amount: ColumnType<string, string | number, string | number>;
  collected: ColumnType<string, string | number | undefined, string | number>;
  created_at: ColumnType<Date, string | undefined, never>;
}

/** A deposit or withdrawal through the payment provider (issue 34, migration 020). */
export interface PaymentTable {
  id: ColumnType<string | number, never, never>;
  user_id: number;
  account_id: Int8;
  kind: "deposit" | "withdrawal";
  method: string;
  amount: Int8;
  currency: string;
  status_id: ColumnType<number, number | undefined, number>;
  provider_id: ColumnType<string | null, string | null | undefined, string | null>;
  redirect_url: ColumnType<string | null, string | null | undefined, string | null>;
  return_base: string;
  idempotency_key: string;
  request_hash: string;
  reserve_transfer_id: ColumnType<string | number | null, string | number | null | undefined, string | number | null>;
  credit_transfer_id: ColumnType<string | number | null, string | number | null | undefined, string | number | null>;
  message: ColumnType<string, string | undefined, string>;
  message_key: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the recovery sweep last asked the provider about it (migration 021). */
  checked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The part of a deposit that repaid the bettor's debts (migration 021). */
  debt_repaid: ColumnType<string | number, string | number | undefined, string | number>;
}

/** A deposit's repayment of one debt (decision 019, migration 021). */
export interface BettorDebtCollectionTable {
  id: Generated<string>;
  debt_id: string | number;
  payment_id: string | number;
  transfer_id: string | number;
  amount: ColumnType<string, string | number, string | number>;
}

/** Every callback the platform received from the payment provider, refused ones too. */
export interface PaymentCallbackTable {
  id: ColumnType<string | number, never, never>;
  received_at: ColumnType<Date, Date | string | undefined, never>;
  payment_id: ColumnType<string | number | null, string | number | null | undefined, never>;
  provider_id: string | null;
  event_id: string | null;
  status: string | null;
  verified: boolean;
  outcome: "applied" | "duplicate" | "ignored" | "refused";
  reason: string | null;
  signature: string | null;
  body: string;
}

export interface Database {
  site_config: SiteConfigTable;
  site_config_override: SiteConfigOverrideTable;
  config_group: ConfigGroupTable;
  seed_run: SeedRunTable;
  redirect_rule: RedirectRuleTable;
  block_rule: BlockRuleTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  block_appeal: BlockAppealTable;
  rules_chapter: RulesChapterTable;
  access_token: AccessTokenTable;
  auth_code: AuthCodeTable;
  social_account: SocialAccountTable;
  login_token: LoginTokenTable;
  rate_limit: RateLimitTable;
  captcha: CaptchaTable;
  outbox: OutboxTable;
  phone_country: PhoneCountryTable;
  audit_log: AuditLogTable;
  config_version: ConfigVersionTable;
  ledger_account: LedgerAccountTable;
  ledger_transfer: LedgerTransferTable;
  sport: SportTable;
  sport_country: SportCountryTable;
  championship: ChampionshipTable;
  team: TeamTable;
  game: GameTable;
  market_type: MarketTypeTable;
  sport_market_type: SportMarketTypeTable;
  market: MarketTable;
  outcome: OutcomeTable;
  sports_sim: SportsSimTable;
  bet_request: BetRequestTable;
  bet_coupon: BetCouponTable;
  bet_selection: BetSelectionTable;
  bettor_debt: BettorDebtTable;
  bettor_debt_collection: BettorDebtCollectionTable;
  promo_code: PromoCodeTable;
  promo_code_use: PromoCodeUseTable;
  bet_limit: BetLimitTable;
  bet_outcome_limit: BetOutcomeLimitTable;
  payment: PaymentTable;
  payment_callback: PaymentCallbackTable;
}

export type { Generated };
