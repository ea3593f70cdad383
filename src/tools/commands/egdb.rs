//! `crownhead egdb`: build, list, probe and verify endgame databases ([`crate::egdb`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use crate::egdb::file;
use crate::egdb::slice::Slice;
use crate::egdb::solve::{SliceStats, solve};
use crate::egdb::verify::{Check, check_file, verify_slice};
use crate::egdb::{Database, EgdbError, files_variant, unbuildable_reason, variant_dir};
use crate::rules::{Position, Variant};

/// What `crownhead egdb build` builds.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The rule set (its files may serve others that play alike).
    pub variant: Variant,
    /// The most pieces.
    pub pieces: u8,
    /// The directory of every rule set's databases.
    pub root: PathBuf,
    /// Threads solving each slice.
    pub threads: usize,
    /// Only this slice, whose needs must be built already.
    pub slice: Option<Slice>,
    /// Whether to show a progress bar on standard error.
    pub progress: bool,
}

/// Builds the slices asked for, in order, each written to its file as soon as it is
/// solved; slices whose file is there already are kept, so a stopped build resumes. A
/// summary goes to `out`: slices, positions, values, time, size on disk, peak memory.
///
/// # Errors
/// A slice asked for with `--slice` that is not among those up to `pieces`, or whose
/// needs are not built; a file that cannot be read or written.
pub fn build(options: &BuildOptions, out: &mut impl Write) -> anyhow::Result<()> {
    if let Some(reason) = unbuildable_reason(options.variant) {
        anyhow::bail!("no endgame databases for {}: {reason}", options.variant);
    }
    let started = Instant::now();
    let database = Database::open(options.variant, &options.root, options.pieces);
    let all = Slice::all(&database.variant().rules().geometry, options.pieces);
    let todo = slices_to_build(options, &database, &all)?;
    let counts = build_slices(options, &database, &todo)?;
    write_build_summary(out, &database, &all, &counts, started)
}

/// What a build did: the slices it built and those it found built already, and the
/// built slices' counts added up.
#[derive(Default)]
struct BuildCounts {
    built: usize,
    kept: usize,
    totals: SliceStats,
}

impl BuildCounts {
    /// Counts a slice built, with its `stats`.
    fn add_built(&mut self, stats: &SliceStats) {
        self.built += 1;
        self.totals.positions += stats.positions;
        self.totals.unused += stats.unused;
        self.totals.captures += stats.captures;
        self.totals.wins += stats.wins;
        self.totals.losses += stats.losses;
        self.totals.draws += stats.draws;
    }
}

/// The slices `options` asks for out of `all`: every one, or the one given with
/// `--slice` once it is found among them with its needs built.
fn slices_to_build(options: &BuildOptions, database: &Database, all: &[Slice]) -> anyhow::Result<Vec<Slice>> {
    let Some(slice) = options.slice else {
        return Ok(all.to_vec());
    };
    anyhow::ensure!(all.contains(&slice), "slice {slice} is not one of {} pieces or fewer", options.pieces);
    let missing: Vec<String> = slice
        .needs(&database.variant().rules().geometry)
        .into_iter()
        .filter(|&need| !database.path(need).exists())
        .map(|need| need.to_string())
        .collect();
    anyhow::ensure!(
        missing.is_empty(),
        "slice {slice} needs slices not built in {}: {}",
        database.dir().display(),
        missing.join(" ")
    );
    Ok(vec![slice])
}

/// Builds each of `todo`, in order, whose file is not there yet, the progress bar
/// advancing by each slice's positions.
fn build_slices(options: &BuildOptions, database: &Database, todo: &[Slice]) -> anyhow::Result<BuildCounts> {
    let sizes: Vec<u64> = todo
        .iter()
        .map(|slice| slice.tables().map(|table| database.indexer().table_size(table)).sum())
        .collect();
    let bar = progress_bar(options.progress, sizes.iter().sum());
    let mut counts = BuildCounts::default();
    for (number, (&slice, &size)) in todo.iter().zip(&sizes).enumerate() {
        if database.path(slice).exists() {
            counts.kept += 1;
        } else {
            let label = format!("{slice} ({}/{})", number + 1, todo.len());
            let stats = build_slice(database, slice, options.threads, &bar, &label, size)?;
            counts.add_built(&stats);
        }
        bar.inc(size);
    }
    bar.finish_and_clear();
    Ok(counts)
}

/// Solves `slice`, of `size` positions, on `threads` threads and writes its file; the
/// bar's message is `label` followed by the pass under way.
fn build_slice(
    database: &Database,
    slice: Slice,
    threads: usize,
    bar: &ProgressBar,
    label: &str,
    size: u64,
) -> anyhow::Result<SliceStats> {
    bar.set_message(label.to_string());
    let (codes, stats) = solve(database, slice, threads, &|pass, resolved| {
        bar.set_message(format!("{label} pass {pass}, {resolved} of {size} resolved"));
    })?;
    let encoded = file::encode(database.label(slice), &codes.iter().collect::<Vec<_>>());
    file::write(&database.path(slice), &encoded)?;
    Ok(stats)
}

/// Writes the build's summary: slices built and kept, the built slices' counts, then the
/// size on disk of all slices' files, the time since `started` and the peak memory.
fn write_build_summary(
    out: &mut impl Write,
    database: &Database,
    all: &[Slice],
    counts: &BuildCounts,
    started: Instant,
) -> anyhow::Result<()> {
    let bytes: u64 = all
        .iter()
        .filter_map(|&slice| std::fs::metadata(database.path(slice)).ok())
        .map(|meta| meta.len())
        .sum();
    let BuildCounts { built, kept, totals } = counts;
    let SliceStats { positions, unused, captures, wins, losses, draws, .. } = totals;
    writeln!(
        out,
        "{} up to {} pieces in {}: {built} slices built, {kept} already there, {} in all",
        database.variant(),
        database.pieces(),
        database.dir().display(),
        all.len()
    )?;
    writeln!(
        out,
        "built: {positions} indices ({unused} unused, {captures} with a capture pending), \
         {wins} wins, {draws} draws, {losses} losses for the side to move"
    )?;
    writeln!(
        out,
        "on disk {bytes} bytes for all {} slices, time {:.1} s, peak memory {}",
        all.len(),
        started.elapsed().as_secs_f64(),
        peak_memory()
    )?;
    Ok(())
}

/// A bar of `total` positions on standard error, or a hidden one unless `show`.
fn progress_bar(show: bool, total: u64) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:24} {percent:>3}% {elapsed} left {eta}  slice {msg}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// The process's peak resident memory (`VmHWM` in `/proc/self/status` on Linux), or
/// `unknown`.
pub(crate) fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
            let kib: u64 =
                line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
            Some(format!("{:.1} MiB", kib as f64 / 1024.0))
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// Lists every slice of `variant` up to `pieces` pieces in build order, each with its
/// positions and the slices it needs: one line each, or a JSON array that also names
/// each slice's file, relative to the `--dir` of `build`.
///
/// # Errors
/// `out` cannot be written.
pub fn write_slices(variant: Variant, pieces: u8, json: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let variant = files_variant(variant);
    let geometry = &variant.rules().geometry;
    let indexer = crate::egdb::index::Indexer::new(geometry);
    let relative = Database::open(variant, Path::new(""), pieces);
    let slices = Slice::all(geometry, pieces);
    let listed = slices.iter().map(|&slice| {
        let positions: u64 = slice.tables().map(|table| indexer.table_size(table)).sum();
        let needs: Vec<String> = slice.needs(geometry).iter().map(Slice::to_string).collect();
        (slice, positions, needs)
    });
    if json {
        let array: Vec<serde_json::Value> = listed
            .map(|(slice, positions, needs)| {
                let file = relative.path(slice).to_string_lossy().into_owned();
                serde_json::json!({"id": slice.to_string(), "pieces": slice.pieces(), "positions": positions, "needs": needs, "file": file})
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(array))?;
    } else {
        for (slice, positions, needs) in listed {
            writeln!(
                out,
                "{slice} pieces {} positions {positions} needs {}",
                slice.pieces(),
                needs.join(" ")
            )?;
        }
    }
    Ok(())
}

/// Prints the value of `position` for the side to move to `out`: `win`, `loss` or
/// `draw`, from the files under `root`, or where they have no file for the position
/// (or there are none), from the built-in database, which `notes` then names.
///
/// # Errors
/// No database for the rule set under `root` and none built in that covers the
/// position, a position the files do not cover, a missing or bad file (named).
pub fn probe(
    position: &Position,
    root: &Path,
    out: &mut impl Write,
    notes: &mut impl Write,
) -> anyhow::Result<()> {
    let pieces = position.occupied().count() as u8;
    let database = Database::open(position.variant(), root, pieces.max(2));
    let on_disk = database.dir().is_dir().then(|| database.value(position));
    let value = match on_disk {
        Some(Ok(value)) => value,
        Some(Err(error)) if !matches!(error, EgdbError::Missing { .. }) => return Err(error.into()),
        missing => {
            let builtin = Database::builtin(position.variant()).filter(|builtin| builtin.pieces() >= pieces);
            let Some(builtin) = builtin else {
                return Err(match missing {
                    Some(Err(error)) => error.into(),
                    _ => anyhow::anyhow!(
                        "no endgame database for {} in {}",
                        database.variant(),
                        database.dir().display()
                    ),
                });
            };
            writeln!(
                notes,
                "from the database {}: no file for it in {}",
                builtin.describe(),
                database.dir().display()
            )?;
            builtin.value(position)?
        }
    };
    writeln!(out, "{value}")?;
    Ok(())
}

/// Checks every slice file of `variant` under `root`: each block against its checksum
/// (files of format 1, which have none, are reported as unchecked), then every stored
/// value against its successors' values. Prints what it checked, slice by slice and in
/// all, and each damaged block (file, slice, table, block).
///
/// # Errors
/// No files, a file that is not a slice's, a missing or refused file, a damaged block,
/// or a value that disagrees with its successors'.
pub fn verify(variant: Variant, root: &Path, threads: usize, out: &mut impl Write) -> anyhow::Result<()> {
    let started = Instant::now();
    let found = slice_files(&variant_dir(root, variant))?;
    let pieces = found.iter().map(|slice| slice.pieces()).max().unwrap_or(2);
    let database = Database::open(variant, root, pieces);
    let damaged = check_files(&database, &found, out)?;
    let total = check_values(&database, &found, threads, out)?;
    writeln!(
        out,
        "{} slices of {} in {}: {} positions checked against their successors, {} wrong ({} with a capture pending, {} unused indices, {} unknown), {:.1} s",
        found.len(),
        database.variant(),
        database.dir().display(),
        total.checked,
        total.wrong,
        total.captures,
        total.unused,
        total.unknown,
        started.elapsed().as_secs_f64()
    )?;
    anyhow::ensure!(
        damaged == 0,
        "damaged blocks: {damaged}; delete their files and rebuild them as shown above"
    );
    anyhow::ensure!(total.wrong == 0, "{} stored values disagree with their successors", total.wrong);
    Ok(())
}

/// The slices whose files are in `dir`, in build order.
///
/// # Errors
/// No directory, no slice files, or a file that is not a slice's.
fn slice_files(dir: &Path) -> anyhow::Result<Vec<Slice>> {
    let mut found = Vec::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("no endgame database in {}", dir.display()))?;
    for entry in entries {
        let path = entry.with_context(|| format!("cannot list {}", dir.display()))?.path();
        if path.extension().is_some_and(|extension| extension == "egdb") {
            let id = path.file_stem().and_then(|stem| stem.to_str()).unwrap_or_default();
            let slice: Slice =
                id.parse().with_context(|| format!("{}: not a slice's file", path.display()))?;
            anyhow::ensure!(
                slice.to_string() == id,
                "{}: not a slice's file (its id is {slice})",
                path.display()
            );
            found.push(slice);
        }
    }
    found.sort();
    anyhow::ensure!(!found.is_empty(), "no slice files in {}", dir.display());
    Ok(found)
}

/// Checks the blocks of `slices`' files against their checksums, printing each damaged
/// block, each file without checksums, and a summary; the number of damaged blocks.
///
/// # Errors
/// A file is refused, or `out` cannot be written.
fn check_files(database: &Database, slices: &[Slice], out: &mut impl Write) -> anyhow::Result<usize> {
    let (mut damaged, mut unchecked) = (0, 0);
    for &slice in slices {
        let check = check_file(database, slice)?;
        if !check.checksums {
            unchecked += 1;
            writeln!(
                out,
                "{}: unchecked: an old file (format version {}) without block checksums; to rebuild it, delete it and run `{}`",
                database.path(slice).display(),
                file::VERSION_1,
                database.rebuild_command(slice)
            )?;
        }
        for error in &check.damaged {
            writeln!(out, "damaged: {error}")?;
        }
        if !check.damaged.is_empty() {
            writeln!(out, "  to rebuild it, delete it and run `{}`", database.rebuild_command(slice))?;
        }
        damaged += check.damaged.len();
    }
    writeln!(
        out,
        "block checksums: {} files, {} checked, {damaged} damaged blocks, {unchecked} old files unchecked",
        slices.len(),
        slices.len() - unchecked
    )?;
    Ok(damaged)
}

/// Checks the stored values of `slices`, in build order, against their successors',
/// printing each slice's count; the counts in all.
///
/// # Errors
/// A file is missing or refused, or `out` cannot be written.
fn check_values(
    database: &Database,
    slices: &[Slice],
    threads: usize,
    out: &mut impl Write,
) -> anyhow::Result<Check> {
    let order = Slice::all(&database.variant().rules().geometry, database.pieces());
    let mut slices = slices.to_vec();
    slices.sort_by_key(|slice| order.iter().position(|other| other == slice));
    let mut total = Check::default();
    for slice in slices {
        let check = verify_slice(database, slice, threads)?;
        writeln!(
            out,
            "{slice}: {} positions checked, {} with a capture pending, {} unused indices, {} unknown, {} wrong",
            check.checked, check.captures, check.unused, check.unknown, check.wrong
        )?;
        if let Some(wrong) = &check.first_wrong {
            writeln!(out, "  first wrong: {wrong}")?;
        }
        total.add(check);
    }
    Ok(total)
}
