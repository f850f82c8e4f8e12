"""The text of the realdocs ``heldout20`` part's private documents, as ``make_heldout20.py`` writes them: a family's
shared plan for a two-week summer trip as Google Docs exports it to Word (paragraphs of runs, headings, a bulleted
day-by-day list, checklists, a table of where they stay, links), a browser extension's background service worker in
TypeScript, and the speech-to-text transcripts of three voicemails as a phone exports them. Fixed text only."""

from __future__ import annotations

# --- the trip plan (Google Docs, exported as .docx) ---------------------------------------------------------------
# A block is (style, runs) with style Title, Subtitle, Heading1, Heading2 or Normal; ("blank",) an empty paragraph;
# ("bullet", list, runs) an item of bulleted list ``list``; ("check", list, ticked, runs) an item of checklist
# ``list``, struck through when ticked; ("table", rows), each row a list of cell texts, the first row the header.
# A run is a string (plain text), ("b", text) bold, ("i", text) italic or ("link", url, text) a hyperlink.

DOCX_NAME = "France summer 2027 - trip plan.docx"
DRIVE_FOLDER = "https://drive.google.com/drive/folders/1hQz7VwTq0pX4b2LmN8sKcR3yE6aJd5Uf"
FERRY_SITE = "https://www.manche-atlantique-ferries.example/en-gb/manage-booking"
CREPERIE = "https://maps.app.goo.gl/Zc4qRk7HnTm2WvLx9"
CAMPSITE_SITE = "https://www.rives-de-loire-camping.example/en/"

TRIP = [
    ("Title", ["Brittany & Loire \u2013 summer 2027"]),
    (
        "Subtitle",
        [
            "Pryce family trip plan \u00b7 Saturday 24 July to Saturday 7 August \u00b7 shared with Gareth, Mei and Ann"
        ],
    ),
    (
        "Normal",
        [
            "This is the master plan. If you change something, put your initials after it in brackets, e.g. (MP). "
            "All the confirmation e-mails are saved as PDFs in the Drive folder ",
            ("link", DRIVE_FOLDER, "France 2027"),
            ".",
        ],
    ),
    ("blank",),
    ("Heading1", ["At a glance"]),
    (
        "Normal",
        [
            ("b", "Away 14 nights: "),
            "overnight ferry out on Saturday 24 July, day ferry home on Saturday 7 August.",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Week 1: "),
            "the Pink Granite Coast in north Brittany (the g\u00eete at Tr\u00e9gastel). ",
            ("b", "Week 2: "),
            "the Loire \u2013 one night in Angers, then the campsite outside Amboise. Grandma Ann flies out to "
            "join us for the Loire week.",
        ],
    ),
    (
        "Normal",
        [
            "Car: our Touran (WX19 KTD). The roof box goes on on Thursday 22 July so we can pack the bulky stuff "
            "the night before. (GP)"
        ],
    ),
    ("blank",),
    ("Heading1", ["Travel bookings"]),
    ("Heading2", ["Ferry out \u2013 Portsmouth to St Malo"]),
    (
        "Normal",
        [
            "Manche Atlantique Ferries, booking reference ",
            ("b", "MAF-48K7Q2"),
            " (lead name Gareth Pryce). ",
            ("link", FERRY_SITE, "Manage the booking"),
            ".",
        ],
    ),
    (
        "Normal",
        [
            "Sails Saturday 24 July at ",
            ("b", "20:15"),
            ", arrives St Malo at 08:30 French time on Sunday 25 July (overnight crossing).",
        ],
    ),
    (
        "Normal",
        [
            "Check-in closes 45 minutes before departure, so we have to be through the port gates by 19:30 at "
            "the very latest. Plan: leave home at 16:30, it's two hours with the holiday traffic."
        ],
    ),
    (
        "Normal",
        [
            "Cabin 7142, four-berth inside cabin with a shower. Dinner isn't included \u2013 picnic in the car "
            "queue, or the self-service restaurant on deck 7 opens at 20:00."
        ],
    ),
    (
        "Normal",
        [
            "Vehicle is booked as car + roof box, under 2.4 m high (the Touran with the box on is 2.05 m), so no "
            "height surcharge."
        ],
    ),
    ("Heading2", ["Ferry home \u2013 St Malo to Portsmouth"]),
    (
        "Normal",
        [
            "Booking reference ",
            ("b", "MAF-51R3X8"),
            ". Sails Saturday 7 August at 10:30, arrives Portsmouth 15:15 UK time. Day crossing: reserved seats "
            "14 to 17 in the Horizon lounge, no cabin.",
        ],
    ),
    (
        "Normal",
        [
            "For the day sailing check-in closes 60 minutes before departure, i.e. 09:30. The hotel is ten minutes "
            "from the terminal."
        ],
    ),
    ("Heading2", ["Grandma Ann's flights"]),
    (
        "Normal",
        [
            ("b", "Out: "),
            "Sunday 1 August, London Stansted to Tours, flight RK 4417, lands at 14:05. We pick her up at Tours "
            "airport on the way from Angers (about 1 h 30, so leave the hotel by 11:30 and have lunch on the way).",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Back: "),
            "Friday 6 August, Tours to Stansted, flight RK 4418, departs 14:40. Bag drop closes 40 minutes before, "
            "but she wants to be there two hours early, so drop her at 12:40.",
        ],
    ),
    (
        "Normal",
        [
            "Ann booked and paid for these herself (\u00a3186.40 return with one 20 kg hold bag). Her travel "
            "insurance is with Age Co, policy in her handbag."
        ],
    ),
    ("Heading2", ["Other things we've booked"]),
    (
        "Normal",
        [
            ("b", "Mont-Saint-Michel abbey: "),
            "timed entry on Tuesday 27 July, 11:30 slot, 2 adult tickets at \u20ac13 (under-18s go free but "
            "still need a ticket). E-tickets are on Mei's phone, reference MSM-660215. Park at the mainland car "
            "park and take the free shuttle bus \u2013 allow 45 minutes from the car to the abbey.",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Canoe trip: "),
            "Cano\u00eb Val de Cisse, Tuesday 3 August at 10:00. Meet at their hut on the landing stage on the "
            "\u00eele d'Or at Amboise; we paddle 12 km downstream and their minibus brings us back. Two "
            "three-seater canoes, \u20ac118 paid in advance, ref CVC-2291. Bring a dry bag and a change of "
            "clothes; buoyancy aids are provided.",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Bikes: "),
            "hire from the campsite shop (\u20ac14 a day for an adult bike, \u20ac9 for a child's, child seat "
            "free). Reserve them at reception when we arrive, they run out in August.",
        ],
    ),
    ("blank",),
    ("Heading1", ["Day by day"]),
    ("bullet", 1, [("b", "Sat 24 Jul"), " \u2013 leave home 16:30, ferry 20:15. Sandwiches in the car."]),
    (
        "bullet",
        1,
        [
            ("b", "Sun 25 Jul"),
            " \u2013 land 08:30, breakfast in Dinan, drive to Tr\u00e9gastel (about 2 h). The g\u00eete isn't "
            "ready until 16:00, so Coz-Pors beach first.",
        ],
    ),
    (
        "bullet",
        1,
        [
            ("b", "Mon 26 Jul"),
            " \u2013 beach day; big food shop at the Intermarch\u00e9 (shut Sunday afternoons).",
        ],
    ),
    (
        "bullet",
        1,
        [
            ("b", "Tue 27 Jul"),
            " \u2013 Mont-Saint-Michel, 2 h 15 each way. Leave by 08:15 for the 11:30 abbey slot.",
        ],
    ),
    (
        "bullet",
        1,
        [
            ("b", "Wed 28 Jul"),
            " \u2013 the customs officers' path (sentier des douaniers) from Saint-Guirec beach to the "
            "Ploumanac'h lighthouse and back, about 5 km, 2 hours with stops. Crepes after.",
        ],
    ),
    (
        "bullet",
        1,
        [
            ("b", "Thu 29 Jul"),
            " \u2013 boat trip round the Sept-\u00celes bird reserve from Perros-Guirec (puffins!). Can't book "
            "ahead, times depend on the tide: check the board at the harbour the evening before.",
        ],
    ),
    ("bullet", 1, [("b", "Fri 30 Jul"), " \u2013 free day / rain day, start packing up."]),
    (
        "bullet",
        1,
        [
            ("b", "Sat 31 Jul"),
            " \u2013 out of the g\u00eete by 10:00, drive to Angers (about 3 h 30 via Rennes). Evening: the castle "
            "walls and pizza.",
        ],
    ),
    (
        "bullet",
        1,
        [("b", "Sun 1 Aug"), " \u2013 collect Ann at Tours airport (lands 14:05), then on to the campsite."],
    ),
    ("bullet", 1, [("b", "Mon 2 Aug"), " \u2013 Chenonceau: the gardens and the maze (Rory)."]),
    ("bullet", 1, [("b", "Tue 3 Aug"), " \u2013 canoe trip at 10:00, lazy afternoon at the pool."]),
    (
        "bullet",
        1,
        [
            ("b", "Wed 4 Aug"),
            " \u2013 Beauval zoo, 50 minutes away. Buy the tickets at campsite reception: \u20ac5 off each.",
        ],
    ),
    (
        "bullet",
        1,
        [("b", "Thu 5 Aug"), " \u2013 bikes along the river path to Chaumont and back (18 km), picnic."],
    ),
    (
        "bullet",
        1,
        [
            ("b", "Fri 6 Aug"),
            " \u2013 pack up, Ann to Tours airport for 12:40, then drive to St Malo (about 3 h 30).",
        ],
    ),
    ("bullet", 1, [("b", "Sat 7 Aug"), " \u2013 ferry 10:30, home about 17:45."]),
    ("blank",),
    ("Heading1", ["Where we're staying"]),
    (
        "table",
        [
            ["Dates", "Where", "Nights", "Price", "Check-in / out", "Booking ref and notes"],
            [
                "Sun 25 Jul \u2013 Sat 31 Jul",
                "G\u00eete Ty Glaz, 14 rue de la Gr\u00e8ve, Tr\u00e9gastel",
                "6",
                "\u20ac1,140",
                "in from 16:00, out by 10:00",
                "Booked direct with the owner, Mme Le Bihan (06 12 48 90 33). Key safe by the back door, code "
                "4071. Wi-fi password on the fridge.",
            ],
            [
                "Sat 31 Jul \u2013 Sun 1 Aug",
                "H\u00f4tel des Lices, Angers",
                "1",
                "\u20ac142 family room (breakfast \u20ac11 each extra)",
                "from 15:00, out by 11:00",
                "Booking.com 4418.902.177. Free parking in the courtyard; ring if arriving after 21:00.",
            ],
            [
                "Sun 1 Aug \u2013 Fri 6 Aug",
                "Camping Les Rives de Loire, Amboise \u2013 3-bedroom mobile home, pitch 58",
                "5",
                "\u20ac935 including tourist tax",
                "arrivals 14:00 to 19:00, out by 10:00",
                "Ref RDL-2027-0573. Bed linen not included (\u20ac15 a bed to hire). Pool wristbands from "
                "reception, shorts not allowed in the pool.",
            ],
            [
                "Fri 6 Aug \u2013 Sat 7 Aug",
                "H\u00f4tel La Passerelle, Saint-Servan, St Malo",
                "1",
                "\u20ac128",
                "from 15:00 (night porter until 23:00), out by 11:00",
                "Ref HLP-77310. Ten minutes' drive from the ferry terminal.",
            ],
        ],
    ),
    (
        "Normal",
        [
            "The campsite's own page: ",
            ("link", CAMPSITE_SITE, "Les Rives de Loire"),
            " (map of the pitches, pool opening times).",
        ],
    ),
    ("blank",),
    ("Heading1", ["Who pays what"]),
    ("Normal", [("b", "Ferries, both ways: "), "Gareth \u2013 \u00a31,046, paid on his card in January."]),
    (
        "Normal",
        [
            ("b", "G\u00eete: "),
            "Mei \u2013 \u20ac1,140 in two goes: the \u20ac340 deposit in February and the \u20ac800 balance on "
            "25 June. Both paid.",
        ],
    ),
    ("Normal", [("b", "Hotels in Angers and St Malo: "), "Gareth, pay when we check in."]),
    (
        "Normal",
        [
            ("b", "Campsite: "),
            "Grandma Ann is paying (\u20ac935), it's her treat for the week. Don't let her pay for the canoes as "
            "well!",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Abbey, canoes, zoo, bikes: "),
            "from the joint account (Mei has the card).",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Fuel, tolls, food shops: "),
            "joint account card. Tolls: budget about \u20ac70 for the whole trip. Cash kitty of \u20ac300 in the "
            "red wallet, Gareth keeps it.",
        ],
    ),
    (
        "Normal",
        [
            ("b", "Kids' spending money: "),
            "\u20ac30 each from us (they know Grandma will add to it).",
        ],
    ),
    ("blank",),
    ("Heading1", ["Packing checklist"]),
    ("Heading2", ["Documents and money"]),
    ("check", 2, True, ["Passports x4 (Rory's runs out in March 2028, so fine)"]),
    ("check", 2, True, ["GHIC cards x4"]),
    ("check", 2, False, ["Driving licence + the V5C logbook (the car is in Gareth's name)"]),
    ("check", 2, True, ["Car insurance: European cover added, \u00a324 for the month"]),
    ("check", 2, False, ["Breakdown cover papers \u2013 policy EUR-3385120, helpline number on the back"]),
    ("check", 2, False, ["About \u20ac200 in cash for markets and the boulangerie"]),
    ("Heading2", ["Car kit (the law in France)"]),
    ("check", 3, True, ["UK sticker (the old GB one isn't valid any more)"]),
    ("check", 3, False, ["Headlamp beam deflectors"]),
    ("check", 3, True, ["Warning triangle"]),
    (
        "check",
        3,
        False,
        ["Hi-vis vests x4 \u2013 they have to be where you can reach them from your seat, not in the boot"],
    ),
    ("check", 3, True, ["Crit'Air sticker \u2013 came on 19 June, it's on the windscreen"]),
    ("check", 3, False, ["Spare bulbs"]),
    ("Heading2", ["Kids"]),
    ("check", 4, False, ["Rory's inhaler AND the spare one, plus the blue spacer"]),
    ("check", 4, False, ["Isla's brace retainer and its case (!!)"]),
    ("check", 4, True, ["Kindles + chargers, films downloaded for the ferry"]),
    ("check", 4, False, ["Bodyboards and wetsuits \u2013 roof box"]),
    ("check", 4, False, ["Travel-sickness bands and tablets for Rory (ferry)"]),
    ("Heading2", ["Everyone"]),
    ("check", 5, False, ["Suncream factor 50 x3 and after-sun"]),
    ("check", 5, False, ["Plug adapters x3 (France is type E)"]),
    (
        "check",
        5,
        False,
        [
            "Bedding for the mobile home: 1 double and 3 single sheet sets with pillowcases (not included there)"
        ],
    ),
    ("check", 5, True, ["Cool box + 2 ice packs"]),
    ("check", 5, False, ["Mosquito spray for the Loire"]),
    ("blank",),
    ("Heading1", ["Notes and ideas"]),
    (
        "Normal",
        [
            "Emergency number in France: 112 works from any phone. The g\u00eete's nearest chemist is on Place "
            "Sainte-Anne."
        ],
    ),
    (
        "Normal",
        [
            "Speed limits: 80 km/h on most country roads, 130 on the autoroute but only 110 when it's raining. "
            "Speed cameras everywhere, no warning apps allowed."
        ],
    ),
    (
        "Normal",
        [
            "Restaurant to try near the g\u00eete: ",
            ("link", CREPERIE, "Cr\u00eaperie Ar Vilin"),
            " \u2013 book a table, it's closed on Mondays. (Ann's neighbour says the salted caramel one is the "
            "best thing she ate in France.)",
        ],
    ),
    (
        "Normal",
        [
            "Boulangerie in Tr\u00e9gastel: Au Pain Doux, opens at 07:00, closed on Wednesdays \u2013 someone has "
            "to walk down for croissants every morning, rota on the fridge."
        ],
    ),
    (
        "Normal",
        [
            ("i", "Isla wants: "),
            "puffins, the pink rocks, a lighthouse. ",
            ("i", "Rory wants: "),
            "the maze, crepes every day, to steer the canoe.",
        ],
    ),
]

# --- the extension's service worker (TypeScript) ------------------------------------------------------------------

TS_NAME = "pricewatch/src/background/service-worker.ts"
TS = """\
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
"""

# --- the voicemails' transcripts ----------------------------------------------------------------------------------
# As a phone's voicemail app exports them: a header, then per message its caller, when it came, its length and
# the transcript, a line per stretch of speech with its offset (m:ss). Speech-to-text keeps the "um"s and "er"s and
# the false starts, and writes some numbers in words and some in figures.

VOICEMAIL_NAME = "Voicemail transcripts.txt"
VOICEMAILS = """\
Voicemail transcripts
Exported from Phone (Visual Voicemail) on Sunday 19 September 2027 at 20:14
Transcripts are made automatically and may contain mistakes.

========================================
Message 1 of 3
From: Elmfield Surgery (01632 960417)
Received: Tuesday 14 September 2027 at 09:42
Length: 1:16

[0:00] Hi, this is, um, this is Karen calling from Elmfield Surgery, this message is for Daniel Whitlock.
[0:06] Er, it's nothing to worry about. Doctor Okafor has looked at your, um, your blood test results from last week
[0:13] and most of it is absolutely fine, your cholesterol and your kidney function and that are all normal.
[0:19] The only thing is your vitamin D, it's, it's come back a bit low, it was thirty one,
[0:25] so she'd like you to start taking vitamin D, a thousand units a day, er, every day.
[0:31] You don't need a prescription for that, you can just get it from any chemist or the supermarket.
[0:37] She'd like to repeat the blood test in three months, so if you could book that in for, um, some time in December.
[0:45] Oh, and also, while I've got you, your asthma review is overdue,
[0:50] and the nurse, Beth, can do that the same morning as the blood test if you want to save yourself a trip.
[0:57] If you've got any questions at all you can ring us back on oh one six three two nine six oh four one seven
[1:05] and press option three, that's the, er, the results line, it's open between two and four in the afternoon.
[1:12] OK, thanks, bye now.

========================================
Message 2 of 3
From: +44 1632 960882
Received: Thursday 16 September 2027 at 11:27
Length: 1:34

[0:00] Hiya, it's Dean from Castleway Motors, erm, about the Fabia, the silver Fabia that you dropped off this morning.
[0:08] So we've done the service, that's all fine, but, er, the front brake pads are down to about three mil
[0:15] and the discs are, they're lipped, they're quite worn, so really they want doing together.
[0:21] Pads and discs on the front, that's two hundred and fourteen pounds all in, that's parts, labour and the VAT.
[0:29] Er, if you want us to do them today I need to know by half two, because we'd have to get the parts sent over from the factors this afternoon.
[0:38] If not, no problem, it's safe to drive for now but I wouldn't leave it more than a few weeks, to be honest.
[0:45] The other thing, the, um, the nearside rear tyre, the passenger side at the back, it's down to about two mil.
[0:52] It's legal, it's not urgent, but I'd do it before the winter. A new one would be seventy eight pounds fitted.
[1:00] And I noticed your MOT runs out on the third of October, so, er, we could do that the same time if you like,
[1:07] the, er, the most they're allowed to charge is fifty four eighty five but we do it for forty five.
[1:13] Anyway, the car'll be ready to collect from about five. We're open till half five tonight,
[1:19] and if you can't make it the key goes in the key safe round the side and I'll text you the code.
[1:26] Call me back on this number or the garage landline, whichever. Cheers, bye.

========================================
Message 3 of 3
From: Jo (mobile)
Received: Saturday 18 September 2027 at 18:05
Length: 1:51

[0:00] Hi, it's me, um, it's Jo. Listen, can you ring me back when you get this, it's about Mum's party.
[0:07] So, the Old Forge have messed up the booking, they've double booked the room on the Saturday,
[0:13] so we're now doing it on the Sunday, Sunday the third of October, and it's one o'clock, not twelve.
[0:20] Same place, the Old Forge in Hadley, they've given us the back room with the garden doors.
[0:26] It's thirty eight pounds a head for three courses and I've paid the deposit,
[0:32] so can you, er, can you send me seventy six for you and Sam by Friday, just to my usual account.
[0:38] And can you bring the, um, the old photo albums, the ones from Mum's loft, the green ones,
[0:44] I want to put them out on the table for people to look through.
[0:48] Also the cake, I've ordered it from the Blue Door Bakery, the lemon one, lemon drizzle, she loves that,
[0:55] but I'm working the Saturday so could you pick it up on the Saturday morning, they close at twelve on Saturdays.
[1:03] Er, what else. Uncle Pete's collecting Auntie Val from the station at, er, twelve fifteen
[1:10] so they'll be a bit late, that's fine, I've told the restaurant.
[1:15] We're, there'll be sixteen of us now, the Harrises can come after all.
[1:20] And remember, Mum thinks it's just lunch with me and Dad, so, so don't say anything,
[1:26] and definitely don't put anything on the family group chat because she reads it now, she's worked out how.
[1:33] Right, I think that's everything. Oh, and if Sam's still doing a speech, keep it short, five minutes max.
[1:42] OK, love you, speak soon, bye, bye, bye.
"""
