//! The engine API under any numbers a caller can give: the checked constructors refuse
//! what no search can take, with a typed error, and a search started with arbitrary
//! limits (NaN, infinite, negative, zero and huge clocks, depths, node counts and move
//! times, pondering or not, at any strength level) never panics, stops when told, and
//! answers a legal move.

use std::time::{Duration, Instant};

use crownhead::engine::options::{MOVE_OVERHEAD, MULTIPV, THREADS, TT_SIZE, counts};
use crownhead::engine::{
    Clock, Engine, Go, LimitError, Limits, MAX_DEPTH, MAX_SECONDS, MAX_STRENGTH, MIN_STRENGTH, Options,
    OptionsBuilder,
};
use crownhead::rules::{Game, Position, Variant};

use crate::common::Random;

/// The generator of the cases: the same on every run, and `CROWNHEAD_LIMITS_SEED` picks
/// others.
fn random_from_env() -> Random {
    let seed = std::env::var("CROWNHEAD_LIMITS_SEED").ok().and_then(|seed| seed.parse().ok());
    Random(seed.unwrap_or(0x5eed_11a1))
}

/// Seconds a caller might give: odd ones and ordinary ones.
const SECONDS: [f64; 14] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    -1e300,
    -1.0,
    -0.0,
    0.0,
    f64::MIN_POSITIVE,
    0.001,
    0.5,
    60.0,
    MAX_SECONDS,
    1e12,
    f64::MAX,
];

#[test]
fn checked_constructors_refuse_what_no_search_can_take() {
    for time in SECONDS {
        for increment in SECONDS {
            let clock = Clock::new(time, increment, None);
            let time_ok = time.is_finite() && time.abs() <= MAX_SECONDS;
            let increment_ok = increment.is_finite() && (0.0..=MAX_SECONDS).contains(&increment);
            match clock {
                Ok(clock) => {
                    assert!(time_ok && increment_ok, "{time} {increment} taken");
                    assert_eq!((clock.time, clock.increment), (time, increment));
                }
                Err(LimitError::Seconds { name, value, .. }) => {
                    let expected = if time_ok { ("increment", increment) } else { ("time", time) };
                    assert!(!(time_ok && increment_ok), "{time} {increment} refused");
                    assert_eq!(name, expected.0);
                    assert!(value.to_bits() == expected.1.to_bits(), "{value} for {expected:?}");
                }
                Err(error) => panic!("{time} {increment}: {error}"),
            }
        }
        let move_time = Limits::move_time_seconds(time);
        let ok = time.is_finite() && (0.0..=MAX_SECONDS).contains(&time);
        assert_eq!(move_time.is_ok(), ok, "move time {time}");
    }
    assert_eq!(Clock::new(60.0, 0.0, Some(0)), Err(LimitError::NoMovesToGo));
    assert_eq!(
        Clock::new(f64::NAN, 0.0, None).map_err(|error| error.to_string()),
        Err("time must be a number of seconds from -10000000 to 10000000, not NaN".to_string())
    );
    assert_eq!(Limits::move_time_seconds(0.25), Ok(Limits::move_time(Duration::from_millis(250))));
}

#[test]
fn option_setters_refuse_and_the_engine_clamps() {
    let mut random = random_from_env();
    for _ in 0..2_000 {
        let value = random.pick(&[0, 1, 2, 64, 256, 512, 513, 10_000, 10_001, 65_536, 65_537, usize::MAX]);
        for count in counts() {
            let built = OptionsBuilder::new(None).count(&count, value).map(OptionsBuilder::build);
            let taken = (count.min..=count.max).contains(&value);
            assert_eq!(
                built.as_ref().map(|options| count.value(options)).ok(),
                taken.then_some(value),
                "{count:?}"
            );
        }
    }
    // Options set field by field are brought within range when an engine takes them (an
    // unprepared engine, so that no table of 64 GiB is made).
    let wild = Options {
        threads: usize::MAX,
        table_mib: 0,
        multipv: 0,
        move_overhead: Duration::MAX,
        strength: 0,
        ..Options::default()
    };
    let engine = Engine::unprepared(wild);
    let options = engine.options();
    assert_eq!(
        (options.threads, options.table_mib, options.multipv),
        (THREADS.max, TT_SIZE.min, MULTIPV.min)
    );
    assert_eq!(options.move_overhead, Duration::from_millis(MOVE_OVERHEAD.max as u64));
    assert_eq!(options.strength, MIN_STRENGTH);
    let engine = Engine::unprepared(Options { strength: u8::MAX, ..Options::default() });
    assert_eq!(engine.options().strength, MAX_STRENGTH);
}

/// Arbitrary limits: each field left out or set to an odd or ordinary value.
fn arbitrary_limits(random: &mut Random) -> Limits {
    let depth = random.chance(50).then(|| random.pick(&[0, 1, 2, 5, MAX_DEPTH, MAX_DEPTH + 1, u32::MAX]));
    let nodes = random.chance(50).then(|| random.pick(&[0, 1, 1_000, 50_000, u64::MAX]));
    let move_time = random.chance(50).then(|| {
        random.pick(&[Duration::ZERO, Duration::from_nanos(1), Duration::from_millis(3), Duration::MAX])
    });
    let clock = random.chance(50).then(|| Clock {
        time: random.pick(&SECONDS),
        increment: random.pick(&SECONDS),
        moves_to_go: random.pick(&[None, Some(0), Some(1), Some(40), Some(u32::MAX)]),
    });
    Limits { depth, nodes, move_time, clock, infinite: random.below(4) == 0 }
}

/// A position a few random plies into a game of a random rule set.
fn arbitrary_game(random: &mut Random) -> Game {
    let variant =
        random.pick(&[Variant::English, Variant::Russian, Variant::Italian, Variant::International]);
    let mut game = Game::new(Position::start(variant));
    for _ in 0..random.below(12) {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[random.below(moves.len())];
        game.play(mv).expect("a legal move");
    }
    game
}

/// 300 searches with arbitrary limits at any strength level, each stopped after at most
/// 10 ms if it has not ended by itself: every one answers at once with a legal move.
#[test]
fn any_limits_give_a_legal_move_and_stop_when_told() {
    let mut random = random_from_env();
    let mut engine = Engine::new(Options { table_mib: 1, ..Options::default() });
    for case in 0..300 {
        let limits = arbitrary_limits(&mut random);
        let game = arbitrary_game(&mut random);
        if game.position().legal_moves().is_empty() {
            continue;
        }
        let purpose = random.pick(&[Go::Think, Go::Think, Go::Ponder, Go::Analyse]);
        let strength = (MIN_STRENGTH + random.below(usize::from(MAX_STRENGTH)) as u8).min(MAX_STRENGTH);
        engine.set_options(Options { strength, ..engine.options().clone() });
        let handle = engine.go(&game, &limits, purpose, |_| {}).expect("the search starts");
        std::thread::sleep(Duration::from_millis(random.below(10) as u64));
        if purpose == Go::Ponder && random.chance(50) {
            handle.ponder_hit();
        }
        let stopped = Instant::now();
        handle.stop();
        let result = handle.wait();
        assert!(
            stopped.elapsed() < Duration::from_secs(5),
            "case {case}: {limits:?} took {:?}",
            stopped.elapsed()
        );
        let best = result.best_move.unwrap_or_else(|| panic!("case {case}: no move under {limits:?}"));
        assert!(
            game.position().legal_moves().contains(&best),
            "case {case}: {best:?} under {limits:?} at strength {strength}"
        );
    }
}
