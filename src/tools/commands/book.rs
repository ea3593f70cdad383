//! `crownhead book`: grow, merge, describe and probe opening books ([`crate::book`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::book::{Book, BookError, BookFile, Tree};
use crate::rules::{Position, Variant};
use crate::tools::book::{Growth, Progress, grow};

/// How often a growing book is written to its file, so that a stopped build loses
/// little.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// What `crownhead book build` grows.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The rule set.
    pub variant: Variant,
    /// The book's file: grown further if it exists, made otherwise.
    pub path: PathBuf,
    /// How it grows.
    pub growth: Growth,
    /// Whether to report progress on standard error.
    pub progress: bool,
}

/// Grows the book at `options.path` (resuming the one there, if any) until it holds
/// the positions asked for, writing it every minute and at the end, then prints a
/// summary to `out`.
///
/// # Errors
/// A file there that is not a book of the rule set, or one that cannot be written.
pub fn build(options: &BuildOptions, out: &mut impl Write) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut tree = match options.path.exists() {
        true => read_tree(&options.path, options.variant)?,
        false => Tree::new(options.variant),
    };
    let before = tree.len();
    let mut saved = Instant::now();
    let save = |tree: &Tree, last: bool| -> Result<(), BookError> {
        if last || saved.elapsed() >= SAVE_EVERY {
            BookFile { tree: tree.clone(), nodes: options.growth.nodes }.write(&options.path)?;
            saved = Instant::now();
        }
        Ok(())
    };
    let mut reported = Instant::now();
    let report = |progress: &Progress| {
        if options.progress && reported.elapsed() >= Duration::from_secs(10) {
            eprintln!(
                "book: {} positions, {} expanded, line cost {}, {:.0} s",
                progress.positions,
                progress.expanded,
                progress.cost,
                progress.elapsed.as_secs_f64()
            );
            reported = Instant::now();
        }
    };
    grow(&mut tree, &options.growth, save, report)?;
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "{}: {} positions ({} new), {} expanded, {:.1} s, into {}",
        options.variant,
        tree.len(),
        tree.len() - before,
        tree.interior_count(),
        seconds,
        options.path.display()
    )?;
    Ok(())
}

/// Joins the books in `inputs` (grown apart, as shards) into the file `output`: a
/// position expanded in any is expanded.
///
/// # Errors
/// A file that is not a book, books of different rule sets, or one that cannot be
/// written.
pub fn merge(inputs: &[PathBuf], output: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    let (first, rest) = inputs.split_first().context("no book to merge")?;
    let mut file = BookFile::read(first).with_context(|| first.display().to_string())?;
    for path in rest {
        let other = read_tree(path, file.tree.variant())?;
        file.tree.merge(&other);
    }
    file.write(output)?;
    writeln!(out, "{}: {} positions, into {}", file.tree.variant(), file.tree.len(), output.display())?;
    Ok(())
}

/// The tree of the book at `path`, which must be of `variant`.
fn read_tree(path: &Path, variant: Variant) -> anyhow::Result<Tree> {
    let file = BookFile::read(path).with_context(|| path.display().to_string())?;
    file.check_variant(variant).with_context(|| path.display().to_string())?;
    Ok(file.tree)
}

/// Prints how `book` is made up: positions, expanded positions, the nodes its leaves
/// were searched to, and the positions at each ply from the start.
///
/// # Errors
/// Writing to `out`.
pub fn stats(book: &Book, out: &mut impl Write) -> anyhow::Result<()> {
    let stats = book.stats();
    writeln!(out, "rule set      {}", book.variant())?;
    writeln!(out, "positions     {}", stats.positions)?;
    writeln!(out, "expanded      {}", stats.expanded)?;
    writeln!(out, "leaf nodes    {}", stats.nodes)?;
    let plies: Vec<String> =
        stats.by_ply.iter().enumerate().map(|(ply, count)| format!("{ply}:{count}")).collect();
    writeln!(out, "by ply        {}", plies.join(" "))?;
    Ok(())
}

/// Prints the book's moves in `position`, best first, each with its value in men for
/// the side that plays it, or that the book has none there.
///
/// # Errors
/// Writing to `out`.
pub fn probe(book: &Book, position: &Position, out: &mut impl Write) -> anyhow::Result<()> {
    let moves = book.moves(position);
    if moves.is_empty() {
        writeln!(out, "not in the book")?;
        return Ok(());
    }
    if let Some(ply) = book.ply(position) {
        writeln!(out, "ply {ply}")?;
    }
    for book_move in moves {
        writeln!(out, "{} {:.2}", position.move_to_text(&book_move.mv), book_move.men())?;
    }
    Ok(())
}
