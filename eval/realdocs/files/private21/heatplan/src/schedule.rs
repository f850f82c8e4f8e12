//! Heating schedule for the house: decides, once a minute, what temperature
//! the house should be at and whether the boiler relay should be closed.
//!
//! `heatplan` runs on the Raspberry Pi in the airing cupboard. Every minute
//! `main.rs` reads the hallway and landing sensors (Zigbee, through
//! zigbee2mqtt), calls [`Controller::tick`] and sets the relay that replaced
//! the old wall thermostat on the combi boiler's switched live.
//!
//! Who wins, in this order:
//!
//! 1. Frost protection: below [`FROST_PROTECT_C`] the boiler fires whatever
//!    the mode, even when the heating is switched off.
//! 2. Window-open pause (see [`WINDOW_DROP_C`]).
//! 3. The mode set from the kitchen panel or the phone: Off, Away or Boost.
//! 4. The day's plan ([`weekday_schedule`], [`weekend_schedule`]), with
//!    pre-heat, so the house is warm *at* the start of a period, not half an
//!    hour into it.
//!
//! Times are local wall-clock minutes; `main.rs` does the GMT/BST change, so
//! nothing in here knows about time zones. Temperatures are degrees Celsius.
//!
//! History: 2026-10-04 first winter on it; 2027-01-09 window-open detection,
//! after the bathroom window was left open all afternoon with the heating
//! flat out; 2027-02-20 bank holidays follow the weekend plan.

use std::collections::VecDeque;

// ---------------------------------------------------------------------------
// Limits and tuning
// ---------------------------------------------------------------------------

/// Below this the boiler fires regardless of the mode. The pipes to the loft
/// bathroom froze in December 2022 with the house at about 3 °C.
pub const FROST_PROTECT_C: f32 = 7.0;

/// The warmest setpoint the panel or the app will accept.
pub const MAX_SETPOINT_C: f32 = 23.5;

/// The coolest setpoint the panel offers; below this, use Off.
pub const MIN_SETPOINT_C: f32 = 10.0;

/// What the house is held at in Away mode: low, but well above frost level
/// so the back bedroom doesn't get damp.
pub const AWAY_SETPOINT_C: f32 = 12.0;

/// Set-back: the temperature outside the plan's periods (overnight, and the
/// middle of a weekday).
pub const SETBACK_C: f32 = 16.0;

/// Switching band. The boiler comes on when the house falls this far below
/// the target and goes off when it gets this far above it.
pub const HYSTERESIS_C: f32 = 0.3;

/// Anti-short-cycling: once the relay has switched, it stays as it is for at
/// least this many minutes (the boiler's installer asked for 5; 6 to be safe).
pub const MIN_RELAY_HOLD_MIN: u32 = 6;

/// How long one press of Boost lasts.
pub const BOOST_MINUTES: u16 = 45;

/// How much Boost adds to what the plan wants (never above [`MAX_SETPOINT_C`]).
pub const BOOST_DELTA_C: f32 = 2.0;

/// Pre-heat rate: minutes of heating per degree the house is short of the
/// next period's setpoint. Measured in January 2027 with every radiator
/// open: about 1 °C in 20 minutes.
pub const PREHEAT_MIN_PER_DEGREE: u32 = 20;

/// Pre-heat never starts more than this many minutes before a period.
pub const PREHEAT_MAX_MIN: u32 = 90;

/// Window-open detection: a fall of at least this much...
pub const WINDOW_DROP_C: f32 = 1.0;

/// ...within this many minutes...
pub const WINDOW_DROP_SPAN_MIN: usize = 5;

/// ...pauses the heating for this long.
pub const WINDOW_PAUSE_MIN: u32 = 20;

/// A sensor reading older than this is ignored.
pub const STALE_AFTER_MIN: u32 = 15;

/// With no fresh reading from either sensor the relay runs this many minutes
/// at the start of every hour, a fixed duty cycle until a sensor comes back.
pub const FALLBACK_ON_MIN_PER_HOUR: u16 = 15;

/// The relay's GPIO line (BCM numbering; physical pin 11 on the header).
pub const RELAY_GPIO: u8 = 17;

/// MQTT topic the controller's state is published on, retained, once a minute.
pub const STATE_TOPIC: &str = "heatplan/state";

// ---------------------------------------------------------------------------
// Days and times
// ---------------------------------------------------------------------------

/// A time of day in minutes after midnight (0 to 1439).
pub type Minute = u16;

/// A [`Minute`] from hours and minutes: `hm(6, 30)` is 06:30.
pub const fn hm(h: u16, m: u16) -> Minute {
    h * 60 + m
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weekday {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
    Sun,
}

/// A local calendar date; only what the schedule needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub const fn new(year: u16, month: u8, day: u8) -> Self {
        Date { year, month, day }
    }

    /// The day of the week (Sakamoto's method).
    pub fn weekday(self) -> Weekday {
        const T: [i32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
        let mut y = self.year as i32;
        if self.month < 3 {
            y -= 1;
        }
        let d = (y + y / 4 - y / 100 + y / 400 + T[self.month as usize - 1] + self.day as i32) % 7;
        match d {
            0 => Weekday::Sun,
            1 => Weekday::Mon,
            2 => Weekday::Tue,
            3 => Weekday::Wed,
            4 => Weekday::Thu,
            5 => Weekday::Fri,
            _ => Weekday::Sat,
        }
    }
}

/// England and Wales bank holidays in 2027 as (month, day), copied from
/// gov.uk. Christmas Day and Boxing Day fall at the weekend this year, so the
/// substitute days are listed instead. Update every January!
pub const BANK_HOLIDAYS_2027: [(u8, u8); 8] = [
    (1, 1),   // New Year's Day
    (3, 26),  // Good Friday
    (3, 29),  // Easter Monday
    (5, 3),   // early May bank holiday
    (5, 31),  // spring bank holiday
    (8, 30),  // summer bank holiday
    (12, 27), // Christmas Day (substitute day)
    (12, 28), // Boxing Day (substitute day)
];

/// Whether `date` is a bank holiday (only 2027 is known; see above).
pub fn is_bank_holiday(date: Date) -> bool {
    date.year == 2027 && BANK_HOLIDAYS_2027.contains(&(date.month, date.day))
}

// ---------------------------------------------------------------------------
// The plan
// ---------------------------------------------------------------------------

/// One period of the plan: from `start` (inclusive) to `end` (exclusive) the
/// house should be at `setpoint`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Period {
    pub start: Minute,
    pub end: Minute,
    pub setpoint: f32,
}

impl Period {
    pub const fn new(start: Minute, end: Minute, setpoint: f32) -> Self {
        Period {
            start,
            end,
            setpoint,
        }
    }
}

/// Monday to Friday. On Fridays the evening runs on to
/// [`FRIDAY_EVENING_END`] (film night); see [`schedule_for`].
pub fn weekday_schedule() -> Vec<Period> {
    vec![
        // 06:30-08:15: up, breakfast, out of the door
        Period::new(hm(6, 30), hm(8, 15), 20.0),
        // 16:00-22:30: the kids are back from school until bedtime
        Period::new(hm(16, 0), hm(22, 30), 20.5),
    ]
}

/// Saturday, Sunday and bank holidays.
pub fn weekend_schedule() -> Vec<Period> {
    vec![
        // 07:30-12:00: slow mornings
        Period::new(hm(7, 30), hm(12, 0), 20.0),
        // 12:00-17:00: usually out, or in the garden
        Period::new(hm(12, 0), hm(17, 0), 18.5),
        // 17:00-23:00
        Period::new(hm(17, 0), hm(23, 0), 20.5),
    ]
}

/// Friday's evening period ends at 23:30 instead of 22:30.
pub const FRIDAY_EVENING_END: Minute = hm(23, 30);

/// The plan for `date`: the weekend plan on Saturdays, Sundays and bank
/// holidays, the weekday plan otherwise (with Friday's later evening).
pub fn schedule_for(date: Date) -> Vec<Period> {
    if is_bank_holiday(date) {
        return weekend_schedule();
    }
    match date.weekday() {
        Weekday::Sat | Weekday::Sun => weekend_schedule(),
        Weekday::Fri => {
            let mut plan = weekday_schedule();
            if let Some(evening) = plan.last_mut() {
                evening.end = FRIDAY_EVENING_END;
            }
            plan
        }
        _ => weekday_schedule(),
    }
}

/// What the plan asks for at `now`: the period's setpoint, or [`SETBACK_C`]
/// between periods.
pub fn planned_setpoint(plan: &[Period], now: Minute) -> f32 {
    plan.iter()
        .find(|p| p.start <= now && now < p.end)
        .map_or(SETBACK_C, |p| p.setpoint)
}

/// How many minutes before `period` starts the heating should come on, given
/// the house's temperature now: [`PREHEAT_MIN_PER_DEGREE`] for each degree
/// short, at most [`PREHEAT_MAX_MIN`], and none if the house is warm enough.
pub fn preheat_lead(current: f32, period: &Period) -> u32 {
    let short = period.setpoint - current;
    if short <= 0.0 {
        return 0;
    }
    ((short * PREHEAT_MIN_PER_DEGREE as f32).ceil() as u32).min(PREHEAT_MAX_MIN)
}

/// The plan's target at `now`: a coming period whose pre-heat has begun
/// lifts the target to its setpoint early.
pub fn target_at(plan: &[Period], now: Minute, current: f32) -> (f32, bool) {
    let base = planned_setpoint(plan, now);
    for p in plan.iter().filter(|p| p.start > now && p.setpoint > base) {
        if u32::from(now) + preheat_lead(current, p) >= u32::from(p.start) {
            return (p.setpoint, true);
        }
    }
    (base, false)
}

/// A setpoint asked for on the panel or in the app, kept between
/// [`MIN_SETPOINT_C`] and [`MAX_SETPOINT_C`].
pub fn clamp_setpoint(asked: f32) -> f32 {
    asked.clamp(MIN_SETPOINT_C, MAX_SETPOINT_C)
}

// ---------------------------------------------------------------------------
// Sensors
// ---------------------------------------------------------------------------

/// One reading from a sensor and how many minutes old it is.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    pub celsius: f32,
    pub age_min: u32,
}

/// The temperature the controller works with: the mean of the hallway and
/// landing sensors when both are fresh, whichever one is fresh otherwise,
/// and `None` when both are stale (see [`STALE_AFTER_MIN`]).
pub fn effective_temp(hall: Option<Reading>, landing: Option<Reading>) -> Option<f32> {
    let fresh = |r: Option<Reading>| {
        r.filter(|r| r.age_min <= STALE_AFTER_MIN)
            .map(|r| r.celsius)
    };
    match (fresh(hall), fresh(landing)) {
        (Some(a), Some(b)) => Some((a + b) / 2.0),
        (Some(a), None) | (None, Some(a)) => Some(a),
        (None, None) => None,
    }
}

// ---------------------------------------------------------------------------
// The controller
// ---------------------------------------------------------------------------

/// What the panel or the phone has asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// Follow the plan.
    Auto,
    /// Heating off. Frost protection still applies.
    Off,
    /// Hold [`AWAY_SETPOINT_C`] up to and including the day `back`, then Auto.
    Away { back: Date },
    /// The plan plus [`BOOST_DELTA_C`] until `ends_at`, then Auto.
    Boost { ends_at: Minute },
}

/// Why the relay is as it is; shown on the panel and sent in the state message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Frost,
    WindowOpen,
    SensorsStale,
    Off,
    Away,
    Boost,
    Preheat,
    Plan,
    /// It wanted to switch, but [`MIN_RELAY_HOLD_MIN`] hadn't passed.
    Hold,
}

pub struct Controller {
    pub mode: Mode,
    relay_on: bool,
    minutes_since_switch: u32,
    window_pause_left: u32,
    recent: VecDeque<f32>,
}

impl Default for Controller {
    fn default() -> Self {
        Self::new()
    }
}

impl Controller {
    pub fn new() -> Self {
        Controller {
            mode: Mode::Auto,
            relay_on: false,
            minutes_since_switch: MIN_RELAY_HOLD_MIN,
            window_pause_left: 0,
            recent: VecDeque::with_capacity(WINDOW_DROP_SPAN_MIN + 1),
        }
    }

    /// The Boost button: [`BOOST_MINUTES`] from `now`. Pressed again while a
    /// boost is running, it cancels it.
    pub fn press_boost(&mut self, now: Minute) {
        self.mode = match self.mode {
            Mode::Boost { .. } => Mode::Auto,
            _ => Mode::Boost {
                ends_at: (now + BOOST_MINUTES) % 1440,
            },
        };
    }

    /// One minute of control: whether the relay should be closed, and why.
    pub fn tick(
        &mut self,
        date: Date,
        now: Minute,
        hall: Option<Reading>,
        landing: Option<Reading>,
    ) -> (bool, Reason) {
        let Some(t) = effective_temp(hall, landing) else {
            // no fresh reading: a fixed duty cycle at the top of each hour
            return self.set(
                now % 60 < FALLBACK_ON_MIN_PER_HOUR,
                Reason::SensorsStale,
                true,
            );
        };
        if t < FROST_PROTECT_C {
            return self.set(true, Reason::Frost, true);
        }
        // a sudden fall means a window is open: stop heating the street
        self.recent.push_back(t);
        if self.recent.len() > WINDOW_DROP_SPAN_MIN + 1 {
            self.recent.pop_front();
        }
        let highest = self.recent.iter().copied().fold(f32::MIN, f32::max);
        if highest - t >= WINDOW_DROP_C {
            self.window_pause_left = WINDOW_PAUSE_MIN;
            self.recent.clear();
        }
        if self.window_pause_left > 0 {
            self.window_pause_left -= 1;
            return self.set(false, Reason::WindowOpen, true);
        }
        let plan = schedule_for(date);
        let (target, reason) = match self.mode {
            Mode::Off => return self.set(false, Reason::Off, true),
            Mode::Away { back } if date <= back => (AWAY_SETPOINT_C, Reason::Away),
            Mode::Boost { ends_at } if now < ends_at => {
                let planned = planned_setpoint(&plan, now);
                ((planned + BOOST_DELTA_C).min(MAX_SETPOINT_C), Reason::Boost)
            }
            _ => {
                self.mode = Mode::Auto;
                match target_at(&plan, now, t) {
                    (target, true) => (target, Reason::Preheat),
                    (target, false) => (target, Reason::Plan),
                }
            }
        };
        let want = if self.relay_on {
            t < target + HYSTERESIS_C
        } else {
            t <= target - HYSTERESIS_C
        };
        self.set(want, reason, false)
    }

    /// Switches the relay to `on` unless it switched less than
    /// [`MIN_RELAY_HOLD_MIN`] minutes ago; `urgent` (frost, an open window,
    /// no sensors, Off) switches at once.
    fn set(&mut self, on: bool, reason: Reason, urgent: bool) -> (bool, Reason) {
        self.minutes_since_switch = self.minutes_since_switch.saturating_add(1);
        if on == self.relay_on {
            return (on, reason);
        }
        if !urgent && self.minutes_since_switch < MIN_RELAY_HOLD_MIN {
            return (self.relay_on, Reason::Hold);
        }
        self.relay_on = on;
        self.minutes_since_switch = 0;
        (on, reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(celsius: f32) -> Option<Reading> {
        Some(Reading {
            celsius,
            age_min: 1,
        })
    }

    #[test]
    fn good_friday_and_easter_monday_follow_the_weekend_plan() {
        let good_friday = Date::new(2027, 3, 26);
        assert_eq!(good_friday.weekday(), Weekday::Fri);
        assert_eq!(schedule_for(good_friday), weekend_schedule());
        assert_eq!(schedule_for(Date::new(2027, 3, 29)), weekend_schedule());
    }

    #[test]
    fn friday_evening_runs_to_half_past_eleven() {
        let plan = schedule_for(Date::new(2027, 3, 19));
        assert_eq!(plan.last().unwrap().end, hm(23, 30));
        assert_eq!(
            schedule_for(Date::new(2027, 3, 18)).last().unwrap().end,
            hm(22, 30)
        );
    }

    #[test]
    fn preheat_is_twenty_minutes_a_degree_and_at_most_ninety() {
        let morning = weekday_schedule()[0];
        assert_eq!(preheat_lead(18.0, &morning), 40);
        assert_eq!(preheat_lead(12.0, &morning), 90);
        assert_eq!(preheat_lead(20.5, &morning), 0);
    }

    #[test]
    fn frost_protection_beats_off() {
        let mut c = Controller::new();
        c.mode = Mode::Off;
        assert_eq!(
            c.tick(Date::new(2027, 1, 12), hm(3, 0), fresh(6.5), None),
            (true, Reason::Frost)
        );
    }

    #[test]
    fn boost_never_goes_above_the_maximum() {
        let mut c = Controller::new();
        c.press_boost(hm(19, 0));
        assert_eq!(
            c.mode,
            Mode::Boost {
                ends_at: hm(19, 45)
            }
        );
        let plan = weekday_schedule();
        let boosted = (planned_setpoint(&plan, hm(19, 0)) + BOOST_DELTA_C).min(MAX_SETPOINT_C);
        assert_eq!(boosted, 22.5);
        c.press_boost(hm(19, 10));
        assert_eq!(c.mode, Mode::Auto);
        assert_eq!(clamp_setpoint(26.0), 23.5);
    }

    #[test]
    fn a_sudden_drop_pauses_the_heating() {
        let mut c = Controller::new();
        let day = Date::new(2027, 1, 9);
        for (i, t) in [19.4, 19.3, 19.0, 18.6, 18.3].into_iter().enumerate() {
            let (on, reason) = c.tick(day, hm(14, i as u16), fresh(t), None);
            if i < 4 {
                assert_eq!(reason, Reason::Plan);
                let _ = on;
            } else {
                assert_eq!((on, reason), (false, Reason::WindowOpen));
            }
        }
    }

    #[test]
    fn no_sensors_means_fifteen_minutes_an_hour() {
        let mut c = Controller::new();
        let day = Date::new(2027, 2, 2);
        assert!(c.tick(day, hm(10, 5), None, None).0);
        assert!(!c.tick(day, hm(10, 20), None, None).0);
    }

    #[test]
    fn the_relay_holds_for_six_minutes() {
        let mut c = Controller::new();
        let day = Date::new(2027, 2, 3);
        assert_eq!(
            c.tick(day, hm(17, 0), fresh(19.0), fresh(19.2)),
            (true, Reason::Plan)
        );
        assert_eq!(
            c.tick(day, hm(17, 1), fresh(21.5), fresh(21.5)),
            (true, Reason::Hold)
        );
    }
}
