//! `crownhead egdb build` without `--pieces`: what the next size up of a rule set's
//! database would take, printed without building anything. Its slices and indices are
//! counted exactly; its time and size are estimated from the largest build of the rule
//! set's files measured on this project's 2-core machine (docs/egdb.md, Figures): the
//! time at that build's indices a CPU second, the size at its bits on disk an index.
//! Larger slices compress better and kings-only ones solve slower, so these are
//! estimates within a factor of about two.

use std::io::Write;
use std::path::Path;

use crate::egdb::slice::Slice;
use crate::egdb::{Database, files_variant, unbuildable_reason};
use crate::rules::Variant;

/// The most pieces `crownhead egdb build` takes.
pub const MAX_PIECES: u8 = 8;

/// A build measured: the rule set and pieces, its indices, its CPU time and its size on
/// disk (format 2, but where noted).
struct Measured {
    variant: Variant,
    what: &'static str,
    indices: u64,
    cpu_seconds: f64,
    bytes: u64,
}

/// The largest build of each rule set's files measured (docs/egdb.md).
const MEASURED: &[Measured] = &[
    Measured {
        variant: Variant::English,
        what: "english 2-6",
        indices: 2_715_988_108,
        cpu_seconds: 2_722.3,
        bytes: 99_123_911,
    },
    Measured {
        variant: Variant::Russian,
        what: "russian 2-5",
        indices: 151_386_376,
        cpu_seconds: 260.2,
        bytes: 9_819_125,
    },
    Measured {
        variant: Variant::Italian,
        what: "italian 2-5",
        indices: 151_386_376,
        cpu_seconds: 127.0,
        bytes: 7_776_544,
    },
    Measured {
        variant: Variant::Spanish,
        what: "spanish 2-5",
        indices: 151_386_376,
        cpu_seconds: 271.3,
        bytes: 10_311_814,
    },
    Measured {
        variant: Variant::SpanishShort,
        what: "spanish-short 2-5",
        indices: 151_386_376,
        cpu_seconds: 115.0,
        bytes: 3_327_832,
    },
    Measured {
        variant: Variant::Brazilian,
        what: "brazilian 2-5",
        indices: 151_386_376,
        cpu_seconds: 248.9,
        bytes: 9_829_056,
    },
    Measured {
        variant: Variant::Pool,
        what: "pool 2-5",
        indices: 151_386_376,
        cpu_seconds: 268.9,
        bytes: 9_813_378,
    },
    Measured {
        variant: Variant::Czech,
        what: "czech 2-5",
        indices: 151_386_376,
        cpu_seconds: 281.1,
        bytes: 10_339_112,
    },
    Measured {
        variant: Variant::PlayOk,
        what: "playok 2-5",
        indices: 151_386_376,
        cpu_seconds: 268.7,
        bytes: 9_813_576,
    },
    // Built as 2-3 (2.5 s of CPU), then 4 on top (326.0 s) at load 7 to 10.
    Measured {
        variant: Variant::Turkish,
        what: "turkish 2-4",
        indices: 112_795_592,
        cpu_seconds: 328.5,
        bytes: 5_653_600,
    },
    // The rate of the first 746 slices of the 5-piece build (331,608,805 indices in 26
    // minutes of one busy core), the size of the whole 2-5 set (1,617 files).
    Measured {
        variant: Variant::International,
        what: "international 2-5",
        indices: 1_653_151_035,
        cpu_seconds: 1_653_151_035.0 / (331_608_805.0 / 1_560.0),
        bytes: 78_652_459,
    },
];

/// Prints what `variant`'s database has under `root` and built in, then the next size up
/// from what the search probes: its pieces, the slices and indices still to build, and
/// its estimated time and size, with the command that builds it.
///
/// # Errors
/// A rule set that has no databases, or `out` cannot be written.
pub fn write_next_size(variant: Variant, root: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    if let Some(reason) = unbuildable_reason(variant) {
        anyhow::bail!("no endgame databases for {variant}: {reason}");
    }
    let variant = files_variant(variant);
    let on_disk = Database::for_search(variant, root).map_or(0, |database| database.pieces());
    let builtin = Database::builtin(variant).map_or(0, |database| database.pieces());
    let dir = crate::egdb::variant_dir(root, variant);
    let have = |pieces: u8, what: &str| match pieces {
        0 => format!("no {what}"),
        _ => format!("{what} up to {pieces} pieces"),
    };
    writeln!(
        out,
        "{variant}: {} in {}, {}",
        have(on_disk, "files"),
        dir.display(),
        have(builtin, "built-in database")
    )?;
    let next = on_disk.max(builtin).max(1) + 1;
    if next > MAX_PIECES {
        writeln!(out, "{next} pieces is beyond what `egdb build` takes ({MAX_PIECES} at most)")?;
        return Ok(());
    }
    let database = Database::open(variant, root, next);
    let todo: Vec<Slice> = Slice::all(&variant.rules().geometry, next)
        .into_iter()
        .filter(|&slice| !database.path(slice).is_file())
        .collect();
    let indices: u64 =
        todo.iter().flat_map(|slice| slice.tables()).map(|table| database.indexer().table_size(table)).sum();
    writeln!(out, "next size up: {next} pieces, {} slices to build holding {indices} indices", todo.len())?;
    match MEASURED.iter().find(|measured| measured.variant == variant) {
        Some(measured) => {
            let rate = measured.indices as f64 / measured.cpu_seconds;
            let bits = measured.bytes as f64 * 8.0 / measured.indices as f64;
            writeln!(
                out,
                "estimated: {} of one core's time (at {:.0} indices a CPU second) and {} on disk ({bits:.2} bits \
                 an index), the rate and size of {} as built on this project's 2-core machine (docs/egdb.md)",
                duration(indices as f64 / rate),
                rate,
                megabytes(indices as f64 * bits / 8.0),
                measured.what
            )?;
        }
        None => writeln!(out, "no build of {variant} was measured to estimate its time and size from")?,
    }
    writeln!(
        out,
        "to build it: crownhead egdb build --variant {variant} --pieces {next} --dir {}",
        root.display()
    )?;
    Ok(())
}

/// `seconds` for people: seconds, minutes or hours.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 90.0 => format!("about {s:.0} s"),
        s if s < 5_400.0 => format!("about {:.0} min", s / 60.0),
        s => format!("about {:.1} hours", s / 3_600.0),
    }
}

/// `bytes` in megabytes (10^6 bytes).
fn megabytes(bytes: f64) -> String {
    format!("about {:.1} MB", bytes / 1e6)
}
