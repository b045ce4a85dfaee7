/** Numeric limits of both specification documents (doc 1 §9, doc 2 §9). */
export const LIMITS = {
  /** Generic table: rows per page (doc 2 §9). */
  pageSize: 20,
  /** Generic table: page buttons visible at most (doc 2 §9). */
  maxPageButtons: 10,
  /** Success and error alerts vanish after this many milliseconds (doc 2 §9). */
  messageTimeoutMs: 3000,
  /** Experience bar maximum (doc 2 §9). */
  expMax: 2000,
  /** Hunger bar maximum (doc 2 §9). */
  hungerMax: 100,
  /** Thirst bar maximum (doc 2 §9). */
  thirstMax: 100,
  /** Weapon skill maximum; "Experte" from this value on (doc 2 §9). */
  weaponSkillMax: 75,
  /** Cookie consent lifetime in days (doc 1 §2.15, §9). */
  cookieConsentDays: 30,
  /** Skeleton rows of an empty toplist table (doc 1 §2.11). */
  skeletonRows: 5,
  /** Narrow screens are below this width in CSS pixels (doc 1 §9). */
  narrowScreenPx: 768,
  /** Achievement progress ring radius (doc 2 §9). */
  achievementRingRadius: 70,
  /** Discord authorisation popup size (doc 2 §9). */
  discordPopup: { width: 500, height: 700 },
  /** Calendar grid rows (doc 2 §9). */
  calendarRows: 6,
  /** A token expiring within this many seconds is refreshed first (doc 1 §7, §9). */
  tokenRefreshLeewaySeconds: 20,
  /** Movement statistics are summed in units of this size (doc 2 §3). */
  movementUnit: 10000,
} as const;

/** Default texts (doc 1 §2.8, §9). */
export const DEFAULT_LOADING_TEXT = 'Wird geladen...';
