/**
 * Pricewatch background service worker (Manifest V3).
 *
 * Wakes on an alarm, re-checks the price of every product page the user
 * tracks, and raises a notification when a price falls far enough. It also
 * owns the per-shop rate limiter, so the extension never hammers a retailer,
 * and the badge on the toolbar icon.
 *
 * @packageDocumentation
 */

import { parsePrice, type ParsedPrice } from "../shared/price-parser";
import { loadSettings, type Settings } from "../shared/settings";

// ---------------------------------------------------------------------------
// Timing and limits
// ---------------------------------------------------------------------------

/** Name of the `chrome.alarms` alarm that drives the periodic check. */
export const CHECK_ALARM = "pricewatch:check";

/**
 * How often the periodic check runs, in minutes.
 *
 * @remarks Chrome fires an alarm at most once a minute for a packed
 * extension; we stay far above that to be polite to the shops.
 * @defaultValue 180 (every three hours)
 */
export const CHECK_PERIOD_MINUTES = 180;

/**
 * An item checked less than this long ago is skipped by the periodic check,
 * e.g. right after the user added it from the popup.
 */
export const MIN_RECHECK_MS = 30 * 60 * 1000;

/** The most products one user may track; the popup refuses a new one past this. */
export const MAX_TRACKED_ITEMS = 150;

/** A product-page fetch that has not answered after this long is aborted. */
export const FETCH_TIMEOUT_MS = 12_000;

/**
 * How many times a failed fetch is retried before the item is marked
 * {@link CheckStatus.Unreachable} for this round.
 */
export const MAX_RETRIES = 3;

/**
 * Backoff between retries: `BACKOFF_BASE_MS * 2 ** attempt`, so 2 s, 4 s,
 * 8 s, never more than {@link MAX_BACKOFF_MS}.
 */
export const BACKOFF_BASE_MS = 2_000;
export const MAX_BACKOFF_MS = 60_000;

/**
 * Per-host rate limit, a token bucket per hostname: at most
 * {@link HOST_BURST} requests in a burst, refilled at one request every
 * {@link HOST_REFILL_MS} milliseconds.
 */
export const HOST_BURST = 3;
export const HOST_REFILL_MS = 8_000;

/**
 * After an HTTP 429 a host is left alone for this long, unless its
 * `Retry-After` header asks for longer (honoured up to {@link MAX_RETRY_AFTER_MS}).
 */
export const RATE_LIMITED_COOLDOWN_MS = 15 * 60 * 1000;
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------
// Storage, endpoints and look
// ---------------------------------------------------------------------------

/** Keys under which things live in `chrome.storage.local`. */
export const STORAGE_KEYS = {
  items: "pw.items.v3",
  settings: "pw.settings",
  lastRun: "pw.lastRun",
  hosts: "pw.hosts",
} as const;

/**
 * @deprecated Since 3.0 the items live under {@link STORAGE_KEYS}.items.
 * Kept only so {@link migrateLegacyItems} can move what 2.x saved there.
 */
export const LEGACY_ITEMS_KEY = "trackedItems";

/**
 * Price-history service, used only when the user turns on "Sync history".
 * @see https://docs.pricewatch.example/history-api
 */
export const HISTORY_API_BASE = "https://api.pricewatch.example/v2";

/** Public key for the history API: not a secret, it is rate-limited per install. */
export const HISTORY_API_KEY = "pw_pub_5f3a9c1e7b2d";

/** Badge colour while some items could not be checked (amber). */
export const BADGE_ERROR_COLOUR = "#d97706";
/** Badge colour when there are price drops the user has not seen yet (green). */
export const BADGE_DROP_COLOUR = "#16a34a";

/**
 * Default quiet hours, local time: no notifications from `start` until `end`
 * (the check still runs and the badge still updates). The user can change
 * them on the options page.
 */
export const DEFAULT_QUIET_HOURS = { start: 22, end: 7 } as const;

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/** Why a notification is raised. */
export enum AlertKind {
  /** The price fell by at least the user's threshold. */
  PriceDrop = "price-drop",
  /** The price reached the target price the user set for this item. */
  TargetReached = "target-reached",
  /** An item that was out of stock is back. */
  BackInStock = "back-in-stock",
}

/** The outcome of the last check of an item. */
export enum CheckStatus {
  Ok = 0,
  Unchanged = 1,
  /** Gave up after {@link MAX_RETRIES} retries. */
  Unreachable = 2,
  /** The page came back but no price could be found on it. */
  ParseFailed = 3,
  /** The shop answered 403 or showed a captcha: not retried until the next round. */
  Blocked = 4,
}

/** One product the user tracks. Prices are in minor units (pence, cents). */
export interface TrackedItem {
  id: string;
  url: string;
  title: string;
  /** The price when the user started tracking it. */
  startPrice: number;
  /** The last price seen. */
  lastPrice: number;
  currency: "GBP" | "EUR" | "USD";
  /** Notify when the price is at or below this, if set. */
  targetPrice?: number;
  inStock: boolean;
  /** Epoch milliseconds of the last check. */
  lastChecked?: number;
  status: CheckStatus;
  /** Failed checks in a row; reset by a good one. After 5 the popup shows a warning. */
  failures: number;
}

/** A host's token bucket, kept in storage so a restarted worker does not reset it. */
interface HostBucket {
  tokens: number;
  updatedAt: number;
  /** Epoch milliseconds before which the host must not be contacted (after a 429). */
  blockedUntil?: number;
}

// ---------------------------------------------------------------------------
// Deciding what to tell the user
// ---------------------------------------------------------------------------

/**
 * Decides whether a newly parsed price is worth a notification.
 *
 * A target price, when the item has one, wins: reaching it always alerts.
 * Otherwise a fall counts when it is at least `settings.minDropPercent` per
 * cent of the last price, or at least `settings.minDropAmount` minor units,
 * whichever comes first (defaults: 5 per cent or 200, i.e. 2.00 in the item's
 * currency). A rise, or no change, never alerts.
 *
 * @param item - the tracked item, holding the previous price
 * @param now - the price just parsed from the page
 * @param settings - the user's settings
 * @returns the kind of alert to raise, or `null` for none
 */
export function alertFor(item: TrackedItem, now: ParsedPrice, settings: Settings): AlertKind | null {
  if (!item.inStock && now.inStock) return AlertKind.BackInStock;
  if (item.targetPrice !== undefined && now.amount <= item.targetPrice) {
    return AlertKind.TargetReached;
  }
  const fall = item.lastPrice - now.amount;
  if (fall <= 0) return null;
  const percent = (fall / item.lastPrice) * 100;
  if (percent >= settings.minDropPercent || fall >= settings.minDropAmount) {
    return AlertKind.PriceDrop;
  }
  return null;
}

/** Whether `hour` (0-23, local time) falls in the quiet hours, which may run past midnight. */
export function isQuiet(hour: number, quiet: { start: number; end: number } = DEFAULT_QUIET_HOURS): boolean {
  return quiet.start > quiet.end
    ? hour >= quiet.start || hour < quiet.end
    : hour >= quiet.start && hour < quiet.end;
}

// ---------------------------------------------------------------------------
// Fetching, politely
// ---------------------------------------------------------------------------

const buckets = new Map<string, HostBucket>();

/**
 * Takes a token from the host's bucket. Returns how many milliseconds to wait
 * first (0 when a token was free); a host blocked after a 429 waits until
 * `blockedUntil`.
 */
export function takeToken(host: string, at: number = Date.now()): number {
  const bucket = buckets.get(host) ?? { tokens: HOST_BURST, updatedAt: at };
  if (bucket.blockedUntil !== undefined && at < bucket.blockedUntil) {
    return bucket.blockedUntil - at;
  }
  const refilled = Math.floor((at - bucket.updatedAt) / HOST_REFILL_MS);
  bucket.tokens = Math.min(HOST_BURST, bucket.tokens + refilled);
  bucket.updatedAt += refilled * HOST_REFILL_MS;
  buckets.set(host, bucket);
  if (bucket.tokens > 0) {
    bucket.tokens -= 1;
    return 0;
  }
  return HOST_REFILL_MS - (at - bucket.updatedAt);
}

/** Leaves `host` alone after a 429, for `Retry-After` seconds if the shop sent it. */
function backOffHost(host: string, retryAfter: string | null, at: number = Date.now()): void {
  const asked = retryAfter !== null ? Number(retryAfter) * 1000 : NaN;
  const wait = Number.isFinite(asked)
    ? Math.min(Math.max(asked, RATE_LIMITED_COOLDOWN_MS), MAX_RETRY_AFTER_MS)
    : RATE_LIMITED_COOLDOWN_MS;
  const bucket = buckets.get(host) ?? { tokens: 0, updatedAt: at };
  bucket.blockedUntil = at + wait;
  buckets.set(host, bucket);
}

/** `fetch` with {@link FETCH_TIMEOUT_MS}; credentials are never sent to shops. */
async function fetchPage(url: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
  try {
    return await fetch(url, { signal: controller.signal, credentials: "omit", cache: "no-store" });
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks one item: waits for a token, fetches, retries with backoff. A 403 is
 * not retried ({@link CheckStatus.Blocked}); a 429 backs the whole host off.
 */
export async function checkItem(item: TrackedItem): Promise<[CheckStatus, ParsedPrice | null]> {
  const host = new URL(item.url).hostname;
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    await sleep(takeToken(host));
    try {
      const response = await fetchPage(item.url);
      if (response.status === 403) return [CheckStatus.Blocked, null];
      if (response.status === 429) {
        backOffHost(host, response.headers.get("Retry-After"));
        return [CheckStatus.Unreachable, null];
      }
      if (response.ok) {
        const price = parsePrice(await response.text(), item.currency);
        if (price === null) return [CheckStatus.ParseFailed, null];
        return [price.amount === item.lastPrice ? CheckStatus.Unchanged : CheckStatus.Ok, price];
      }
    } catch {
      // a timeout or a network error: retried below
    }
    await sleep(Math.min(BACKOFF_BASE_MS * 2 ** attempt, MAX_BACKOFF_MS));
  }
  return [CheckStatus.Unreachable, null];
}

// ---------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------

/** Moves items saved by 2.x under {@link LEGACY_ITEMS_KEY} to the new key, once. */
export async function migrateLegacyItems(): Promise<void> {
  const old = await chrome.storage.local.get(LEGACY_ITEMS_KEY);
  if (old[LEGACY_ITEMS_KEY]) {
    await chrome.storage.local.set({ [STORAGE_KEYS.items]: old[LEGACY_ITEMS_KEY] });
    await chrome.storage.local.remove(LEGACY_ITEMS_KEY);
  }
}

chrome.runtime.onInstalled.addListener(async () => {
  await migrateLegacyItems();
  // the first check a minute after install, then every CHECK_PERIOD_MINUTES
  chrome.alarms.create(CHECK_ALARM, { delayInMinutes: 1, periodInMinutes: CHECK_PERIOD_MINUTES });
});

chrome.alarms.onAlarm.addListener(async (alarm) => {
  if (alarm.name !== CHECK_ALARM) return;
  const settings = await loadSettings();
  const stored = await chrome.storage.local.get(STORAGE_KEYS.items);
  const items: TrackedItem[] = stored[STORAGE_KEYS.items] ?? [];
  const quiet = isQuiet(new Date().getHours(), settings.quietHours ?? DEFAULT_QUIET_HOURS);
  let drops = 0;
  let errors = 0;
  for (const item of items) {
    if (item.lastChecked !== undefined && Date.now() - item.lastChecked < MIN_RECHECK_MS) continue;
    const [status, price] = await checkItem(item);
    item.status = status;
    item.lastChecked = Date.now();
    if (price === null) {
      item.failures += 1;
      errors += 1;
      continue;
    }
    const alert = alertFor(item, price, settings);
    item.failures = 0;
    item.lastPrice = price.amount;
    item.inStock = price.inStock;
    if (alert !== null) {
      drops += 1;
      if (!quiet) {
        chrome.notifications.create(`pw:${item.id}`, {
          type: "basic",
          iconUrl: "icons/icon-128.png",
          title: item.title,
          message: alert,
        });
      }
    }
  }
  await chrome.storage.local.set({ [STORAGE_KEYS.items]: items, [STORAGE_KEYS.lastRun]: Date.now() });
  await chrome.action.setBadgeText({ text: drops > 0 ? String(drops) : errors > 0 ? "!" : "" });
  await chrome.action.setBadgeBackgroundColor({ color: drops > 0 ? BADGE_DROP_COLOUR : BADGE_ERROR_COLOUR });
});

/** Clicking a notification opens the product page in a new tab. */
chrome.notifications.onClicked.addListener(async (notificationId) => {
  const id = notificationId.replace(/^pw:/, "");
  const stored = await chrome.storage.local.get(STORAGE_KEYS.items);
  const item = (stored[STORAGE_KEYS.items] as TrackedItem[] | undefined)?.find((x) => x.id === id);
  if (item) await chrome.tabs.create({ url: item.url });
  chrome.notifications.clear(notificationId);
});
