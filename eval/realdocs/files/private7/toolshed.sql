-- toolshed.sql: database schema for the Ashgrove Tool Library
--
-- The Ashgrove Tool Library lends tools to members from the old bowls pavilion on Station Road, open Saturdays
-- 10:00-13:00 and Wednesdays 18:00-20:00. This file creates the tables that the lending desk's laptop uses
-- (SQLite 3.40 or later; run it with:  sqlite3 toolshed.db < toolshed.sql).
--
-- Maintainer: Tomasz Wiśniewski (volunteer, Tuesdays). Last change: 2027-02-11, added the repairs table.
-- Money is stored in pence as INTEGER, never as REAL, so that fees add up exactly.

PRAGMA foreign_keys = ON;

-- Members. A household joins once; everyone living at the address may borrow on the one membership.
-- The yearly fee is on a sliding scale (see membership_band below); nobody is turned away for not paying it.
CREATE TABLE member (
    member_id      INTEGER PRIMARY KEY,
    full_name      TEXT    NOT NULL,
    address        TEXT    NOT NULL,
    postcode       TEXT    NOT NULL,
    phone          TEXT,
    email          TEXT    UNIQUE,
    band           TEXT    NOT NULL DEFAULT 'standard' REFERENCES membership_band (band),
    joined_on      TEXT    NOT NULL DEFAULT (date('now')),  -- ISO date, YYYY-MM-DD
    renews_on      TEXT    NOT NULL,                        -- a year after joining, then each year
    -- A member who signs the induction sheet may borrow power tools; everyone may borrow hand tools.
    inducted_power INTEGER NOT NULL DEFAULT 0 CHECK (inducted_power IN (0, 1)),
    -- Suspended members cannot borrow (three late returns in a year, or a tool lost and not paid for).
    suspended      INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
    notes          TEXT
);

-- The sliding scale of yearly fees, in pence.
CREATE TABLE membership_band (
    band        TEXT PRIMARY KEY,
    yearly_fee  INTEGER NOT NULL CHECK (yearly_fee >= 0),
    description TEXT NOT NULL
);

INSERT INTO membership_band (band, yearly_fee, description) VALUES
    ('concession', 500,  'students, pensioners, anyone on benefits'),
    ('standard',   2000, 'most households'),
    ('supporter',  4000, 'pays it forward: covers a concession member too');

-- Tools. Each physical tool has its own row and its own asset tag (the engraved number, e.g. AG-0412).
CREATE TABLE tool (
    tool_id     INTEGER PRIMARY KEY,
    asset_tag   TEXT    NOT NULL UNIQUE CHECK (asset_tag GLOB 'AG-[0-9][0-9][0-9][0-9]'),
    name        TEXT    NOT NULL,          -- 'Hedge trimmer (cordless, 18V)'
    category    TEXT    NOT NULL CHECK (category IN ('garden', 'woodwork', 'decorating', 'plumbing',
                                                     'electrical', 'cleaning', 'car', 'kitchen')),
    power_tool  INTEGER NOT NULL DEFAULT 0 CHECK (power_tool IN (0, 1)),
    -- A refundable deposit is taken for tools worth more than 100 pounds; 0 means no deposit.
    deposit     INTEGER NOT NULL DEFAULT 0 CHECK (deposit >= 0),
    -- Most tools go out for 7 days; a few are in such demand that they go out for 3 days only.
    loan_days   INTEGER NOT NULL DEFAULT 7 CHECK (loan_days BETWEEN 1 AND 14),
    donated_by  TEXT,
    status      TEXT    NOT NULL DEFAULT 'available'
                CHECK (status IN ('available', 'on_loan', 'in_repair', 'retired')),
    added_on    TEXT    NOT NULL DEFAULT (date('now'))
);

-- Loans. One row per tool lent; a member may hold at most 4 tools at once (checked by trigger below).
CREATE TABLE loan (
    loan_id      INTEGER PRIMARY KEY,
    tool_id      INTEGER NOT NULL REFERENCES tool (tool_id) ON DELETE RESTRICT,
    -- a member with loans on record cannot be deleted: mark them suspended or let the membership lapse instead
    member_id    INTEGER NOT NULL REFERENCES member (member_id) ON DELETE RESTRICT,
    lent_on      TEXT    NOT NULL DEFAULT (date('now')),
    due_on       TEXT    NOT NULL,
    returned_on  TEXT,                     -- NULL while the tool is out
    renewed      INTEGER NOT NULL DEFAULT 0 CHECK (renewed BETWEEN 0 AND 1),  -- one renewal allowed, by phone
    condition_out TEXT,
    condition_in  TEXT,
    CHECK (due_on > lent_on)
);

CREATE INDEX loan_open ON loan (member_id) WHERE returned_on IS NULL;
CREATE INDEX loan_by_tool ON loan (tool_id, lent_on);

-- No more than 4 tools out at once per member, and none at all for suspended members.
CREATE TRIGGER loan_limit BEFORE INSERT ON loan
BEGIN
    SELECT RAISE(ABORT, 'member is suspended')
     WHERE (SELECT suspended FROM member WHERE member_id = NEW.member_id) = 1;
    SELECT RAISE(ABORT, 'member already has 4 tools out')
     WHERE (SELECT count(*) FROM loan WHERE member_id = NEW.member_id AND returned_on IS NULL) >= 4;
    SELECT RAISE(ABORT, 'power tool: member has not done the induction')
     WHERE (SELECT power_tool FROM tool WHERE tool_id = NEW.tool_id) = 1
       AND (SELECT inducted_power FROM member WHERE member_id = NEW.member_id) = 0;
END;

-- Late returns. The fee is 50p a day per tool, from the day after due_on, capped at 10 pounds per loan;
-- the desk may waive it (waived = 1) and must say why in the note.
CREATE TABLE late_fee (
    loan_id   INTEGER PRIMARY KEY REFERENCES loan (loan_id) ON DELETE CASCADE,
    days_late INTEGER NOT NULL CHECK (days_late > 0),
    amount    INTEGER NOT NULL CHECK (amount BETWEEN 50 AND 1000),
    paid      INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1)),
    waived    INTEGER NOT NULL DEFAULT 0 CHECK (waived IN (0, 1)),
    note      TEXT,
    CHECK (NOT (waived = 1 AND note IS NULL))
);

-- Repairs (added 2027-02-11). A tool goes to Repair Café on the first Sunday of the month;
-- parts up to 15 pounds may be bought without asking the committee.
CREATE TABLE repair (
    repair_id    INTEGER PRIMARY KEY,
    tool_id      INTEGER NOT NULL REFERENCES tool (tool_id) ON DELETE CASCADE,
    reported_on  TEXT    NOT NULL DEFAULT (date('now')),
    fault        TEXT    NOT NULL,
    fixed_on     TEXT,
    parts_cost   INTEGER NOT NULL DEFAULT 0 CHECK (parts_cost BETWEEN 0 AND 1500),
    fixed_by     TEXT
);

-- What is out now and when it is due back, for the desk's "overdue" list.
CREATE VIEW overdue AS
SELECT m.full_name, m.phone, t.asset_tag, t.name, l.due_on,
       CAST(julianday('now') - julianday(l.due_on) AS INTEGER) AS days_over
  FROM loan l
  JOIN member m USING (member_id)
  JOIN tool t USING (tool_id)
 WHERE l.returned_on IS NULL AND l.due_on < date('now')
 ORDER BY l.due_on;
