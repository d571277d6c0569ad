/** Every lifetime and limit of the auth platform, named once. Seconds unless said otherwise. */

export const SESSION_SECONDS = 86_400;
/** "Remember me" (save: true). */
export const SAVED_SESSION_SECONDS = 30 * 86_400;
export const ACCESS_TOKEN_SECONDS = 600;

export const SMS_LOGIN_CODE_SECONDS = 300;
export const TWO_STEP_CODE_SECONDS = 300;
export const ACTIVATION_CODE_SECONDS = 86_400;
export const PASSWORD_RESET_CODE_SECONDS = 900;
export const CODE_LENGTH = 6;
/** Wrong answers one code takes before it is burned (later answers get time_up). */
export const CODE_WRONG_PER_CODE = 5;
/** Wrong code answers one address may give per window. */
export const CODE_WRONG_PER_ADDRESS = { max: 20, windowSeconds: 3_600 };

/** One SMS (or activation message) per destination per minute. */
export const RESEND_SECONDS = 60;

/** One SMS login code per address this often (any phones: sending costs money). */
export const SMS_SENDS_PER_ADDRESS = { max: 10, windowSeconds: 3_600 };

/** Password-login limits are per visitor (decision 012; platform/domain/login-limits.ts). */
export const LOGIN_FAILURE_WINDOW_SECONDS = 900;
/** Failed password logins (per login from one address, or per address) after which a captcha is required. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
/** Failures on one login from all addresses together after which every address needs a captcha (never a lock). */
export const LOGIN_FAILURES_BEFORE_CAPTCHA_EVERYWHERE = 30;
export const LOGIN_FAILURES_PER_LOGIN_AND_ADDRESS = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 30;

export const REGISTRATIONS_PER_ADDRESS = { max: 10, windowSeconds: 3_600 };
/** One-click credentials may be e-mailed this long after registration, this often. */
export const CREDENTIALS_EMAIL_WINDOW_SECONDS = 3_600;
export const CREDENTIALS_EMAILS_PER_USER = { max: 5, windowSeconds: 3_600 };

export const CAPTCHA_SECONDS = 120;
export const CAPTCHA_TOKEN_SECONDS = 300;
/** Wrong captcha answers a client may give per window; after that validate answers type 2. */
export const CAPTCHA_WRONG_PER_ADDRESS = { max: 5, windowSeconds: 900 };
/** Captcha pictures one client may ask for per window (each is a stored row). */
export const CAPTCHA_PICTURES_PER_ADDRESS = { max: 100, windowSeconds: 600 };
/** SPEC §8: the fixed set of error codes that make the site show a captcha. */
export const CAPTCHA_CODE_REQUIRED = 1007;
export const CAPTCHA_CODE_WRONG = 1008;

export const LOGIN_LINK_SECONDS = 86_400;
export const SOCIAL_PASS_SECONDS = 300;
