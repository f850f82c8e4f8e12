//
//  SyncEngine.swift
//  Marginalia
//
//  Created by Tomás Reyes on 14/01/2027.
//  Copyright © 2027 Tomás Reyes. All rights reserved.
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
        case .syncing(let progress): return "Syncing\u{2026} \(Int(progress * 100))%"
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
        log.info("sync started (\(reason, privacy: .public))")
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
            log.error("giving up after \(self.attempt) retries")
            return
        }
        attempt += 1
        Task {
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            await syncNow(reason: "retry \(attempt)")
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
            log.error("could not schedule background refresh: \(error.localizedDescription)")
        }
    }
}
