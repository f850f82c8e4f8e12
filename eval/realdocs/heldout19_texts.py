"""The text of the realdocs ``heldout19`` part's private documents, as ``make_heldout19.py`` draws or writes it: a
home insurer's three-page renewal letter as a scanner's multi-page TIFF (blocks of text per page, wrapped when drawn,
and tables whose cells are placed in columns), the configuration page of a small self-hosted tool's Docusaurus
documentation (``.mdx``) and a Mac developer's sync engine in Swift. Fixed text only; the letter is plain ASCII (no
pound sign: amounts are written "GBP 412.80" or under a "(GBP)" column heading)."""

from __future__ import annotations

# --- the scanned letter: blocks per page ---------------------------------------------------------------------------
# ("style", text) with styles head, small, right, address, gap, date, title, bold, body, bullet, sign, footer; a table
# row is ("th" or "td", [cell, cell, ...]) drawn at the columns of TABLE_COLUMNS[the row's column count]

TIFF_NAME = "Scan 2027-03-02.tiff"
INSURER = "Fernhill Home Insurance"
POLICY = "FHH-2291-0746"
RENEWAL_REF = "RN-27-483105"
PHONE = "0808 157 0642"
CLAIMS_PHONE = "0808 157 0917"
PREMIUM = {"Buildings": 21460, "Contents": 14350, "Home emergency": 3200, "Legal expenses": 2270}  # pence
LAST_PREMIUM = 36840  # pence
INSTALMENTS = 12

LETTER_PAGES = [
    [
        ("head", INSURER),
        ("small", "Fernhill Insurance Services Ltd, PO Box 4127, Norwich NR1 9XT"),
        ("right", f"Customer services: {PHONE}"),
        ("right", "Monday to Friday 8am to 8pm, Saturday 9am to 1pm"),
        ("right", f"Policy number: {POLICY}"),
        ("right", f"Renewal reference: {RENEWAL_REF}"),
        ("gap", ""),
        ("address", "Ms Niamh Calloway"),
        ("address", "7 Linnet Close"),
        ("address", "Hadleigh Cross"),
        ("address", "HX4 2RW"),
        ("gap", ""),
        ("date", "Monday 22 February 2027"),
        ("body", "Dear Ms Calloway,"),
        ("title", "Your home insurance renewal"),
        (
            "body",
            "Thank you for insuring your home with us. Your buildings and contents policy ends on Wednesday 31 March "
            "2027. We will renew it automatically from Thursday 1 April 2027 unless you tell us not to, and your new "
            "policy will run until Friday 31 March 2028.",
        ),
        ("bold", "Your premium"),
        (
            "body",
            "Your premium for the coming year is GBP 412.80, including Insurance Premium Tax. Last year you paid GBP "
            "368.40, so your premium has gone up by GBP 44.40.",
        ),
        (
            "body",
            "Why has it gone up? Rebuilding costs have risen, so we have raised your buildings sum insured in line "
            "with the building cost index, by 6.5 per cent to GBP 385,000. Claims for storm damage in your area have "
            "also increased.",
        ),
        (
            "body",
            "You pay by monthly Direct Debit. We do not charge interest for paying monthly: you will pay 12 "
            "instalments of GBP 34.40, collected on the 3rd of each month, the first on Saturday 3 April 2027.",
        ),
        ("bold", "Your no-claims discount"),
        (
            "body",
            "You have not made a claim for 6 years, so you keep our highest no-claims discount of 30 per cent. It "
            "has already been taken off the premium above. If you make a claim this year, your discount will go "
            "down to 15 per cent at your next renewal.",
        ),
        ("bold", "What has changed this year"),
        (
            "bullet",
            "The excess for escape of water claims (water leaking from pipes, tanks, radiators or appliances) goes "
            "up from GBP 250 to GBP 400.",
        ),
        (
            "bullet",
            "Your home emergency cover now includes a yearly boiler service, booked through our helpline.",
        ),
        (
            "bullet",
            "Theft from sheds, garages and outbuildings is covered only if there are signs of forced entry.",
        ),
        ("bold", "What you need to do"),
        (
            "body",
            f"Please check the details on page 2. If anything is wrong, or you do not want to renew, call us on "
            f"{PHONE} by Friday 26 March 2027. If everything is correct, you do not need to do anything.",
        ),
        ("footer", f"Page 1 of 3   {RENEWAL_REF}"),
    ],
    [
        ("small", f"Ms N Calloway   Policy {POLICY}   22 February 2027"),
        ("gap", ""),
        ("title", "Your cover from 1 April 2027"),
        ("th", ["Cover", "Limit (GBP)", "Excess (GBP)"]),
        ("td", ["Buildings (rebuilding cost)", "385,000", "250"]),
        ("td", ["Accidental damage to buildings", "Included", "250"]),
        ("td", ["Contents", "60,000", "100"]),
        ("td", ["Accidental damage to contents", "Not covered", "-"]),
        ("td", ["Valuables (jewellery, watches, art) in total", "15,000", "100"]),
        ("td", ["Any one valuable item", "2,500", "100"]),
        ("td", ["Personal possessions away from home", "3,000", "100"]),
        ("td", ["Bicycles, each", "750", "100"]),
        ("td", ["Freezer contents", "500", "nil"]),
        ("td", ["Garden plants and furniture", "1,000", "100"]),
        ("td", ["Replacing locks after lost or stolen keys", "500", "nil"]),
        ("td", ["Alternative accommodation", "77,000", "nil"]),
        ("td", ["Home emergency, per claim", "1,000", "nil"]),
        ("td", ["Legal expenses", "100,000", "nil"]),
        ("td", ["Escape of water", "-", "400"]),
        ("td", ["Subsidence, heave or landslip", "-", "1,000"]),
        ("bold", "Items you have listed with us"),
        ("th", ["Item", "Value (GBP)"]),
        ("td", ["Engagement ring, platinum with sapphire", "4,200"]),
        ("td", ["Road bike, Ribble Endurance SL", "1,850"]),
        ("td", ["Canon camera and two lenses", "2,300"]),
        ("bold", "Your premium"),
        ("th", ["Section", "Annual premium (GBP)"]),
        *(("td", [name, f"{pence // 100}.{pence % 100:02d}"]) for name, pence in PREMIUM.items()),
        ("th", ["Total, including Insurance Premium Tax at 12%", "412.80"]),
        ("bold", "Your home"),
        (
            "body",
            "Semi-detached house built in 1976, brick walls and a tiled roof, 3 bedrooms. Lived in by 2 adults; no "
            "lodgers; no business run from home. Locks: 5-lever mortice deadlocks on the front and back doors. "
            "Burglar alarm: none.",
        ),
        ("footer", f"Page 2 of 3   {RENEWAL_REF}"),
    ],
    [
        ("small", f"Ms N Calloway   Policy {POLICY}   22 February 2027"),
        ("gap", ""),
        ("title", "Important things to know"),
        ("bold", "Cancelling"),
        (
            "body",
            "You can cancel within 14 days of the renewal date, or of receiving these documents if that is later, "
            "and we will refund everything you have paid, as long as you have not made a claim. After that you can "
            "still cancel at any time: we keep the premium for the days you were covered and charge a cancellation "
            "fee of GBP 25.",
        ),
        ("bold", "If your home is empty"),
        (
            "body",
            "Tell us if your home will be unoccupied for more than 45 days in a row. While it is unoccupied we do "
            "not cover theft, malicious damage or escape of water, and we may ask you to turn off the water at the "
            "mains.",
        ),
        ("bold", "Changes you must tell us about"),
        (
            "bullet",
            "building work costing more than GBP 20,000, or any work that means your home is not lived in",
        ),
        ("bullet", "taking in lodgers or paying guests"),
        ("bullet", "running a business from your home that customers or staff visit"),
        ("bullet", "anyone living with you being convicted of a criminal offence"),
        ("bold", "Missed payments"),
        (
            "body",
            "If a monthly payment is missed, we will try to collect it again 10 days later. If that also fails, we "
            "will write to you, and if we still have not been paid 14 days after our letter, we may cancel your "
            "policy.",
        ),
        ("bold", "Making a claim"),
        (
            "body",
            f"Call our 24-hour claims line on {CLAIMS_PHONE} and have your policy number ready. For a burst pipe "
            "or a break-in, you can also report the claim in the Fernhill app. Keep any damaged items until we have "
            "seen them or photos of them, and do not throw away receipts.",
        ),
        ("bold", "Complaints"),
        (
            "body",
            f"Write to our Customer Relations Manager at the address above, or call {PHONE}. If you are not happy "
            "with our final answer, you can ask the Financial Ombudsman Service to look at your complaint, free of "
            "charge, within 6 months of that answer.",
        ),
        ("body", "Yours sincerely,"),
        ("sign", "D. Mbeki"),
        ("address", "Daniel Mbeki"),
        ("address", "Head of Home Renewals, Fernhill Home Insurance"),
        (
            "small",
            "Fernhill Home Insurance is a trading name of Fernhill Insurance Services Ltd, registered in England "
            "and Wales, company number 08814472. Authorised and regulated by the Financial Conduct Authority.",
        ),
        ("footer", f"Page 3 of 3   {RENEWAL_REF}"),
    ],
]

# --- the Docusaurus documentation page (MDX) ----------------------------------------------------------------------

MDX_NAME = "ladle/website/docs/configuration.mdx"
MDX = """\
---
id: configuration
title: Configuration
sidebar_label: Configuration
sidebar_position: 3
description: Every setting Ladle reads, where to put it, and how to back up your recipes.
keywords: [configuration, environment variables, backups, docker, smtp]
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

# Configuration

Ladle reads all of its settings from environment variables. You can set them in your Compose file, in an
environment file that systemd loads, or in a `ladle.env` file in the folder you start Ladle from. Settings are read
once, when Ladle starts, so restart it after you change any of them.

:::tip
Run `ladle config check` to print the settings Ladle would use, with passwords and keys masked, without starting
the server. It also warns about settings it does not recognise, which catches most typos.
:::

## Where to put your settings

<Tabs groupId="install-method" queryString>
  <TabItem value="docker" label="Docker Compose" default>

Add the variables under `environment:` in the file you use to start Ladle:

```yaml title="compose.yaml"
services:
  ladle:
    image: ghcr.io/ladle-recipes/ladle:1.6
    ports:
      - "8420:8420"
    environment:
      LADLE_SECRET_KEY: "change-me-to-a-long-random-string"
      LADLE_BASE_URL: "https://recipes.example.com"
      LADLE_TIMEZONE: "Europe/London"
    volumes:
      - ./data:/data
    restart: unless-stopped
```

Then run `docker compose up -d` again. Compose only recreates the container when its settings have changed.

  </TabItem>
  <TabItem value="systemd" label="systemd">

The Debian and Ubuntu packages install a unit that reads `/etc/ladle/ladle.env`:

```ini title="/etc/ladle/ladle.env"
LADLE_SECRET_KEY=change-me-to-a-long-random-string
LADLE_BASE_URL=https://recipes.example.com
LADLE_DATA_DIR=/var/lib/ladle
```

```shell
sudo systemctl restart ladle
journalctl -u ladle -n 20   # check that it started
```

The file holds your secret key, so keep it readable by root and the `ladle` user only (`chmod 640`).

  </TabItem>
  <TabItem value="source" label="From source">

```shell
cp ladle.env.example ladle.env
$EDITOR ladle.env
npm run start
```

`npm run start` loads `ladle.env` from the current folder. Variables already set in your shell win over the file.

  </TabItem>
</Tabs>

## Options

| Variable | Default | What it does |
| --- | --- | --- |
| `LADLE_PORT` | `8420` | The port the web server listens on. |
| `LADLE_HOST` | `0.0.0.0` | The address to listen on. Use `127.0.0.1` when a reverse proxy runs on the same machine. |
| `LADLE_BASE_URL` | none | The address people use to reach Ladle. Used in e-mails and share links. |
| `LADLE_SECRET_KEY` | none, required | Signs logins and share links. At least 32 characters. |
| `LADLE_DATA_DIR` | `/data` in Docker, `./data` otherwise | Where the database, photos and backups are kept. |
| `LADLE_DATABASE_URL` | `sqlite:///<data dir>/ladle.db` | Set to a `postgres://` URL to use PostgreSQL 13 or newer. |
| `LADLE_TIMEZONE` | `UTC` | Used for meal plans, shopping-list dates and the backup schedule. |
| `LADLE_SIGNUPS` | `invite` | Who can create an account: `open`, `invite` or `closed`. |
| `LADLE_SESSION_DAYS` | `30` | How many days a login lasts before you have to sign in again. |
| `LADLE_MAX_UPLOAD_MB` | `15` | The largest photo or PDF a user can upload, in megabytes. |
| `LADLE_IMAGE_WIDTH` | `1600` | Uploaded photos are scaled down to this width, in pixels. |
| `LADLE_IMPORT_TIMEOUT` | `20` | Seconds to wait for a website when importing a recipe from a link. |
| `LADLE_UNITS` | `metric` | The units new users start with: `metric` or `us`. |
| `LADLE_LOG_LEVEL` | `info` | One of `debug`, `info`, `warn` or `error`. |

:::warning
Do not change `LADLE_SECRET_KEY` once Ladle is in use. Everyone is signed out, and every share link you have
already sent stops working.
:::

To make a good secret key, run `openssl rand -hex 32` and paste the result.

## E-mail

Ladle sends e-mail for invitations and password resets. Without it, Ladle still works: an admin copies invitation
links from **Settings > Users** and sends them by hand.

<Tabs groupId="mail">
  <TabItem value="smtp" label="Your own mail server" default>

```shell
LADLE_SMTP_HOST=smtp.example.com
LADLE_SMTP_PORT=587
LADLE_SMTP_USER=ladle@example.com
LADLE_SMTP_PASSWORD=app-password-here
LADLE_MAIL_FROM="Ladle <ladle@example.com>"
```

  </TabItem>
  <TabItem value="gmail" label="Gmail">

```shell
LADLE_SMTP_HOST=smtp.gmail.com
LADLE_SMTP_PORT=587
LADLE_SMTP_USER=you@gmail.com
LADLE_SMTP_PASSWORD=your-16-letter-app-password
```

Gmail needs an app password: your normal password is refused. Gmail also rewrites the sender to your own address,
whatever `LADLE_MAIL_FROM` says.

  </TabItem>
</Tabs>

:::note
`LADLE_SMTP_TLS` is `starttls` by default, which suits port 587. For port 465, set it to `implicit`. Use `none` only
for a mail server on your own network.
:::

## Backups

Ladle backs up its database and photos every night at 03:30, in the time zone set by `LADLE_TIMEZONE`. Each backup
is a single file named `ladle-YYYYMMDD-HHMM.tar.gz` in the `backups` folder inside your data directory.

| Variable | Default | What it does |
| --- | --- | --- |
| `LADLE_BACKUP_SCHEDULE` | `30 3 * * *` | When to back up, in cron syntax. Set to `off` to turn nightly backups off. |
| `LADLE_BACKUP_KEEP` | `14` | How many backups to keep. Older ones are deleted after each new backup. |
| `LADLE_BACKUP_PHOTOS` | `true` | Set to `false` to back up the database only. |

To make a backup straight away:

<Tabs groupId="install-method" queryString>
  <TabItem value="docker" label="Docker Compose" default>

```shell
docker compose exec ladle ladle backup now
```

  </TabItem>
  <TabItem value="systemd" label="systemd">

```shell
sudo -u ladle ladle backup now
```

  </TabItem>
  <TabItem value="source" label="From source">

```shell
npm run ladle -- backup now
```

  </TabItem>
</Tabs>

To restore, stop Ladle, then run `ladle backup restore` with the file's path, and start Ladle again:

```shell
ladle backup restore /data/backups/ladle-20270301-0330.tar.gz
```

:::danger[Restoring replaces everything]
A restore replaces all recipes, meal plans, shopping lists and users with the ones in the backup. Anything added
after the backup was made is lost. Ladle makes one more backup of the current state before it restores, named
`ladle-before-restore-YYYYMMDD-HHMM.tar.gz`, in case you restored the wrong file.
:::

:::tip[Keep a copy somewhere else]
The backups folder is on the same disk as Ladle. If that disk fails, your backups go with it. Copy the folder to
another machine or to cloud storage, for example with `rclone sync` from a nightly cron job that runs after 04:00.
:::

## Behind a reverse proxy

If Ladle runs behind nginx or Caddy, set `LADLE_BASE_URL` to the public address and `LADLE_HOST` to `127.0.0.1`.

<Tabs groupId="proxy">
  <TabItem value="caddy" label="Caddy" default>

```text title="Caddyfile"
recipes.example.com {
    reverse_proxy 127.0.0.1:8420
}
```

Caddy sets the forwarded headers Ladle needs and has no upload limit of its own.

  </TabItem>
  <TabItem value="nginx" label="nginx">

```nginx title="/etc/nginx/sites-available/ladle"
server {
    server_name recipes.example.com;
    client_max_body_size 20m;

    location / {
        proxy_pass http://127.0.0.1:8420;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-Proto $scheme;
    }
}
```

nginx refuses uploads over 1 MB unless you raise `client_max_body_size`. Keep it a little above
`LADLE_MAX_UPLOAD_MB`.

  </TabItem>
</Tabs>

:::info[Upgrading from 1.4]
`LADLE_UPLOAD_LIMIT` was renamed `LADLE_MAX_UPLOAD_MB` in 1.5. The old name is still read, with a warning in the
log, until version 2.0.
:::
"""

# --- the Swift source file -------------------------------------------------------------------------------------------

SWIFT_NAME = "Marginalia/Marginalia/Sync/SyncEngine.swift"
SWIFT = """\
//
//  SyncEngine.swift
//  Marginalia
//
//  Created by Tom\u00e1s Reyes on 14/01/2027.
//  Copyright \u00a9 2027 Tom\u00e1s Reyes. All rights reserved.
//

import BackgroundTasks
import Combine
import Foundation
import Network
import os

// MARK: - Constants

/// Tunables for syncing with the Marginalia sync server. Change them with care: the server answers 429 to a client
/// that syncs more than once a minute.
enum SyncConstants {
    /// How often to sync while the app is in the foreground, in seconds.
    static let foregroundInterval: TimeInterval = 5 * 60
    /// In Low Power Mode the foreground interval is stretched by this factor (every 20 minutes).
    static let lowPowerMultiplier: Double = 4
    /// How often we ask iOS to wake the app for a background sync. The system treats this as a hint, not a promise.
    static let backgroundInterval: TimeInterval = 30 * 60
    /// Wait this long after the last local edit before pushing, so typing a note doesn't cause a sync per keystroke.
    static let editDebounce: TimeInterval = 2.5
    /// Records sent or fetched in one request.
    static let batchSize = 100
    /// Give up on a failing request after this many retries (the first attempt not counted).
    static let maxRetries = 6
    /// The first retry waits this long; each later retry waits twice as long as the one before, up to `maxBackoff`.
    static let initialBackoff: TimeInterval = 2
    static let maxBackoff: TimeInterval = 10 * 60
    /// Random jitter added to each backoff, as a fraction of it, so devices don't retry in lockstep.
    static let backoffJitter = 0.2
    /// Attachments (photos of pages, PDFs) bigger than this wait for Wi-Fi when "Attachments on Wi-Fi only" is on.
    static let maxCellularAttachmentBytes = 10 * 1024 * 1024
    /// The largest attachment the server accepts. Bigger ones stay on this device and are marked "Not synced".
    static let maxAttachmentBytes = 50 * 1024 * 1024
    /// Deleted notes are kept as tombstones this long, so that devices which were offline learn of the deletion.
    static let tombstoneLifetime: TimeInterval = 45 * 24 * 60 * 60
    /// Timeout for one request to the server.
    static let requestTimeout: TimeInterval = 30
    static let baseURL = URL(string: "https://sync.marginalia.app/api/v3")!
    /// Must match BGTaskSchedulerPermittedIdentifiers in Info.plist.
    static let backgroundTaskIdentifier = "app.marginalia.sync.refresh"
}

// MARK: - Settings keys

/// Keys of the sync settings in the shared defaults suite `group.app.marginalia`, so that the share extension
/// sees the same values as the app.
enum SyncDefaultsKey {
    static let suiteName = "group.app.marginalia"
    static let enabled = "sync.enabled"
    static let attachmentsOnWiFiOnly = "sync.attachmentsOnWiFiOnly"
    static let serverChangeToken = "sync.serverChangeToken"
    static let lastSuccess = "sync.lastSuccessDate"
    static let deviceID = "sync.deviceID"
}

// MARK: - State

enum PauseReason: String, Equatable {
    case userPaused
    case lowPowerMode
    /// Less than 200 MB free on the device: fetching attachments could fill it.
    case deviceStorageLow
}

enum SyncError: Error, Equatable {
    /// The account's token was rejected (401). Sync stops until the user signs in again; it is not retried.
    case unauthorized
    /// 429 or 503. `retryAfter` comes from the server's Retry-After header when it sends one.
    case serverBusy(retryAfter: TimeInterval?)
    /// The account is over its storage quota (507). Local edits are kept and pushed once space is freed.
    case quotaExceeded
    case network(URLError.Code)
    /// The same record came back in conflict three times in one sync: stop rather than loop.
    case conflictLoop(recordID: String)
}

enum SyncState: Equatable {
    case idle
    case syncing(progress: Double)
    case paused(PauseReason)
    case offline
    case failed(SyncError)

    /// The line shown under "Sync" in Settings.
    var summary: String {
        switch self {
        case .idle: return "Up to date"
        case .syncing(let progress): return "Syncing\\u{2026} \\(Int(progress * 100))%"
        case .paused(.userPaused): return "Paused"
        case .paused(.lowPowerMode): return "Paused in Low Power Mode"
        case .paused(.deviceStorageLow): return "Paused: iPhone storage almost full"
        case .offline: return "Waiting for a connection"
        case .failed(.unauthorized): return "Sign in again to sync"
        case .failed(.quotaExceeded): return "Sync storage full"
        case .failed: return "Sync failed, will retry"
        }
    }
}

// MARK: - Configuration

struct SyncConfiguration: Equatable {
    var isEnabled: Bool
    var attachmentsOnWiFiOnly: Bool
    var deviceID: UUID

    /// Reads the settings, with their defaults for a new install: sync on, attachments on Wi-Fi only.
    static func load(from defaults: UserDefaults) -> SyncConfiguration {
        defaults.register(defaults: [
            SyncDefaultsKey.enabled: true,
            SyncDefaultsKey.attachmentsOnWiFiOnly: true,
        ])
        let id = defaults.string(forKey: SyncDefaultsKey.deviceID).flatMap(UUID.init(uuidString:)) ?? {
            let fresh = UUID()
            defaults.set(fresh.uuidString, forKey: SyncDefaultsKey.deviceID)
            return fresh
        }()
        return SyncConfiguration(
            isEnabled: defaults.bool(forKey: SyncDefaultsKey.enabled),
            attachmentsOnWiFiOnly: defaults.bool(forKey: SyncDefaultsKey.attachmentsOnWiFiOnly),
            deviceID: id
        )
    }
}

// MARK: - Conflict resolution

/// What to do when a note was changed on this device and on the server since the last sync.
///
/// - The note's text: if the two edits touched different paragraphs, both are kept (a three-way merge against the
///   last synced version). If they touched the same paragraph, the newer edit wins and the other version is saved
///   as a new note titled "<title> (conflicted copy)", so nothing is lost.
/// - Tags: the union of both sides. A tag removed on one side and kept on the other is kept.
/// - Highlights: merged by their ID; a highlight deleted on either side stays deleted.
/// - The book a note belongs to: the server's value wins.
enum ConflictPolicy {
    static let conflictedCopySuffix = " (conflicted copy)"
    static let maxConflictRounds = 3
}

// MARK: - Engine

@MainActor
final class SyncEngine: ObservableObject {
    static let shared = SyncEngine()

    @Published private(set) var state: SyncState = .idle
    @Published private(set) var lastSuccess: Date?

    private let defaults = UserDefaults(suiteName: SyncDefaultsKey.suiteName) ?? .standard
    private let monitor = NWPathMonitor()
    private let log = Logger(subsystem: "app.marginalia", category: "sync")
    private var timer: AnyCancellable?
    private var debounce: AnyCancellable?
    private var attempt = 0

    /// Starts the foreground timer. Called from `MarginaliaApp` when the scene becomes active.
    func start() {
        guard SyncConfiguration.load(from: defaults).isEnabled else {
            state = .paused(.userPaused)
            return
        }
        timer = Timer.publish(every: currentInterval, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] _ in Task { await self?.syncNow(reason: "timer") } }
        Task { await syncNow(reason: "launch") }
    }

    func stop() {
        timer = nil
        debounce = nil
    }

    /// Called by the note store after every local edit. Pushes once the user has paused typing.
    func localChangeRecorded() {
        debounce = Just(())
            .delay(for: .seconds(SyncConstants.editDebounce), scheduler: RunLoop.main)
            .sink { [weak self] _ in Task { await self?.syncNow(reason: "edit") } }
    }

    /// The foreground interval, stretched in Low Power Mode.
    var currentInterval: TimeInterval {
        ProcessInfo.processInfo.isLowPowerModeEnabled
            ? SyncConstants.foregroundInterval * SyncConstants.lowPowerMultiplier
            : SyncConstants.foregroundInterval
    }

    func syncNow(reason: String) async {
        if case .syncing = state { return }  // one sync at a time
        guard monitor.currentPath.status == .satisfied else {
            state = .offline
            return
        }
        log.info("sync started (\\(reason, privacy: .public))")
        state = .syncing(progress: 0)
        do {
            try await push()
            try await pull()
            attempt = 0
            lastSuccess = Date()
            defaults.set(lastSuccess, forKey: SyncDefaultsKey.lastSuccess)
            state = .idle
        } catch let error as SyncError {
            handle(error)
        } catch {
            handle(.network((error as? URLError)?.code ?? .unknown))
        }
    }

    // MARK: - Retry

    private func handle(_ error: SyncError) {
        state = .failed(error)
        switch error {
        case .unauthorized, .conflictLoop:
            return  // needs the user: no automatic retry
        case .quotaExceeded:
            return  // retried at the next timer tick, when space may have been freed
        case .serverBusy(let retryAfter):
            retry(after: retryAfter ?? backoff(for: attempt))
        case .network:
            retry(after: backoff(for: attempt))
        }
    }

    /// 2 s, 4 s, 8 s, ... doubling up to 10 minutes, with up to 20% jitter.
    func backoff(for attempt: Int) -> TimeInterval {
        let base = min(SyncConstants.initialBackoff * pow(2, Double(attempt)), SyncConstants.maxBackoff)
        return base * (1 + Double.random(in: 0...SyncConstants.backoffJitter))
    }

    private func retry(after delay: TimeInterval) {
        guard attempt < SyncConstants.maxRetries else {
            log.error("giving up after \\(self.attempt) retries")
            return
        }
        attempt += 1
        Task {
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            await syncNow(reason: "retry \\(attempt)")
        }
    }

    private func push() async throws { /* SyncEngine+Push.swift */ }
    private func pull() async throws { /* SyncEngine+Pull.swift */ }

    // MARK: - Background refresh

    /// Registered in `application(_:didFinishLaunchingWithOptions:)`; iOS decides when it actually runs.
    func scheduleBackgroundRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: SyncConstants.backgroundTaskIdentifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: SyncConstants.backgroundInterval)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            log.error("could not schedule background refresh: \\(error.localizedDescription)")
        }
    }
}
"""
