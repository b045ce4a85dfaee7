/** Numeric limits of both specification documents (specification §9, specification §9). */
export const LIMITS = {
  /** Generic table: rows per page (specification §9.5). */
  pageSize: 20,
  /** Generic table: page buttons visible at most (specification §9.5). */
  maxPageButtons: 10,
  /** Success and error alerts vanish after this many milliseconds (specification §9.5). */
  messageTimeoutMs: 3000,
  /** Experience bar maximum (specification §9.6). */
  expMax: 2000,
  /** Hunger bar maximum (specification §9.6). */
  hungerMax: 100,
  /** Thirst bar maximum (specification §9.6). */
  thirstMax: 100,
  /** Weapon skill maximum; "Experte" from this value on (specification §9.7). */
  weaponSkillMax: 75,
  /** Cookie consent lifetime in days (specification §2.15, §9). */
  cookieConsentDays: 30,
  /** Skeleton rows of an empty toplist table (specification §2.11). */
  skeletonRows: 5,
  /** Narrow screens are below this width in CSS pixels (specification §9). */
  narrowScreenPx: 768,
  /** Achievement progress ring radius (specification §9.13). */
  achievementRingRadius: 70,
  /** Discord authorisation popup size (specification §2.31). */
  discordPopup: { width: 500, height: 700 },
  /** Calendar grid rows (specification §9.10). */
  calendarRows: 6,
  /** A token expiring within this many seconds is refreshed first (specification §7, §9). */
  tokenRefreshLeewaySeconds: 20,
  /** Movement statistics are summed in units of this size (specification §3.5). */
  movementUnit: 10000,
} as const;

/** Default texts (specification §2.8, §9). */
export const DEFAULT_LOADING_TEXT = 'Wird geladen...';
