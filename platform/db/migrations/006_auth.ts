import { type Kysely, sql } from "kysely";

// Phone countries are reference data every database needs (registration validates against
// them), so they live here rather than in the demo seed. Kept inline: a migration must not
// change when application modules do.
const phoneCountries: Array<[id: number, name: string, countryCode: string, telCode: string, mask: string, min: number, max: number]> = [
  [1, "Russia", "RU", "7", "(###) ###-##-##", 10, 10],
  [2, "Kazakhstan", "KZ", "7", "(###) ###-##-##", 10, 10],
  [3, "Ukraine", "UA", "380", "(##) ###-##-##", 9, 9],
  [4, "Belarus", "BY", "375", "(##) ###-##-##", 9, 9],
  [5, "Turkey", "TR", "90", "(###) ###-##-##", 10, 10],
  [6, "Germany", "DE", "49", "#### #######", 10, 11],
  [7, "Azerbaijan", "AZ", "994", "(##) ###-##-##", 9, 9],
  [8, "United Kingdom", "GB", "44", "#### ######", 10, 10],
  [9, "United States", "US", "1", "(###) ###-####", 10, 10],
  [10, "Iran", "IR", "98", "(###) ###-####", 10, 10],
  [11, "United Arab Emirates", "AE", "971", "## ### ####", 9, 9],
  [12, "Saudi Arabia", "SA", "966", "## ### ####", 9, 9],
  [13, "Uzbekistan", "UZ", "998", "(##) ###-##-##", 9, 9],
  [14, "Kyrgyzstan", "KG", "996", "(###) ###-###", 9, 9],
  [15, "Tajikistan", "TJ", "992", "(##) ###-##-##", 9, 9],
  [16, "Armenia", "AM", "374", "(##) ###-###", 8, 8],
  [17, "Georgia", "GE", "995", "(###) ###-###", 9, 9],
  [18, "Moldova", "MD", "373", "(###) ##-###", 8, 8],
  [19, "Poland", "PL", "48", "### ### ###", 9, 9],
  [20, "France", "FR", "33", "# ## ## ## ##", 9, 9],
  [21, "Spain", "ES", "34", "### ### ###", 9, 9],
  [22, "Italy", "IT", "39", "### ### ####", 9, 10],
  [23, "India", "IN", "91", "##### #####", 10, 10],
  [24, "Egypt", "EG", "20", "### ### ####", 10, 10],
  [25, "Cyprus", "CY", "357", "## ######", 8, 8],
  [26, "Israel", "IL", "972", "##-###-####", 9, 9],
  [27, "Canada", "CA", "1", "(###) ###-####", 10, 10],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("app_user")
    .addColumn("two_factor_enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("email_activated", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("phone_activated", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("enable_mail_news", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("enable_mail_deposit", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("enable_mail_bets", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("enable_sms_news", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("currency", "text")
    .addColumn("bonus_choice", "integer", (c) => c.check(sql`bonus_choice in (0, 1, 2)`))
    .addColumn("registration_type", "text", (c) => c.check(sql`registration_type in ('fast_reg', 'phone_reg', 'full_reg', 'one_click', 'soc_reg')`))
    .addColumn("promocode", "text")
    // The language the user registered in: messages sent later (resends, resets) use it.
    .addColumn("language", "text")
    .execute();
  // E-mail is compared without case everywhere (login, registration, reset).
  await sql`create unique index app_user_email_lower_idx on app_user (lower(email))`.execute(db);
  await sql`create unique index app_user_phone_idx on app_user (phone_code, phone_number) where phone_number is not null`.execute(db);

  // Short-lived tokens for APIs, minted from a session and dying with it.
  await db.schema
    .createTable("access_token")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("session_hash", "text", (c) => c.notNull().references("user_session.token_hash").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("access_token_session_idx").on("access_token").column("session_hash").execute();

  // One-time numeric codes (SMS login, two-step, activation, password reset); code_hash is an
  // HMAC with the platform secret, ticket_hash the SHA-256 of a two-step ticket.
  await db.schema
    .createTable("auth_code")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) =>
      c.notNull().check(sql`purpose in ('sms_login', 'two_step', 'activate_email', 'activate_phone', 'password_reset')`)
    )
    .addColumn("destination", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("ticket_hash", "text", (c) => c.unique())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("auth_code_user_idx").on("auth_code").columns(["user_id", "purpose", "id"]).execute();
  await db.schema.createIndex("auth_code_destination_idx").on("auth_code").column("destination").execute();

  await db.schema
    .createTable("social_account")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("social_account_provider_subject_key", ["provider", "subject"])
    .execute();

  // One-time sign-in tokens: login links ("link") and one-tap social passes ("social").
  await db.schema
    .createTable("login_token")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('link', 'social')`))
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("social_account_id", "integer", (c) => c.references("social_account.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();

  // Fixed-window counters for rate limits and captcha triggers, in the database so they hold
  // across restarts and across platform processes.
  await db.schema
    .createTable("rate_limit")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("window_started_at", "timestamptz", (c) => c.notNull())
    .addColumn("window_seconds", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_pk", ["scope", "key"])
    .execute();

  await db.schema
    .createTable("captcha")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    // Set once the captcha was answered, rightly or wrongly: each image gets one try.
    .addColumn("answered_at", "timestamptz")
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("token_expires_at", "timestamptz")
    .addColumn("token_used_at", "timestamptz")
    .execute();

  // What the fake SMS and e-mail senders "sent"; the dev outbox page reads it.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("code", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("outbox_to_idx").on("outbox").columns(["to", "id"]).execute();

  await db.schema
    .createTable("phone_country")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("tel_code", "text", (c) => c.notNull())
    .addColumn("mask", "text", (c) => c.notNull())
    .addColumn("min_digits", "integer", (c) => c.notNull())
    .addColumn("max_digits", "integer", (c) => c.notNull())
    .execute();
  await db
    .withTables<{ phone_country: Record<string, unknown> }>()
    .insertInto("phone_country")
    .values(
      phoneCountries.map(([id, name, country_code, tel_code, mask, min_digits, max_digits]) => ({
        id,
        name,
        country_code,
        tel_code,
        mask,
        min_digits,
        max_digits,
      }))
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["phone_country", "outbox", "captcha", "rate_limit", "login_token", "social_account", "auth_code", "access_token"]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index app_user_phone_idx`.execute(db);
  await sql`drop index app_user_email_lower_idx`.execute(db);
  await db.schema
    .alterTable("app_user")
    .dropColumn("two_factor_enabled")
    .dropColumn("email_activated")
    .dropColumn("phone_activated")
    .dropColumn("enable_mail_news")
    .dropColumn("enable_mail_deposit")
    .dropColumn("enable_mail_bets")
    .dropColumn("enable_sms_news")
    .dropColumn("currency")
    .dropColumn("bonus_choice")
    .dropColumn("registration_type")
    .dropColumn("promocode")
    .dropColumn("language")
    .execute();
}
