//! `crownhead gui`: the board in the browser, served by this process.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use clap::Args;
use crownhead::engine::OptionsBuilder;
use crownhead::gui::{GuiConfig, Server, default_puzzle_record};
use crownhead::rules::{Game, Variant};
use crownhead::tools::matches::openings;

use super::args::{BookOptionArgs, EngineArgs, VariantArgs};

/// `crownhead gui`.
#[derive(Args)]
pub struct GuiArgs {
    /// A PDN file of games to open as the collection (the page may save it back here).
    #[arg(value_name = "FILE.pdn")]
    pub collection: Option<PathBuf>,
    /// The rule set the board starts with (every one can be chosen on the page).
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The port to listen on, on 127.0.0.1 (default: any free port).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Print the URL without opening it in the browser.
    #[arg(long)]
    pub no_open: bool,
    /// The options of each page's engine.
    #[command(flatten)]
    pub engine: EngineArgs,
    /// The file that keeps your puzzle ratings and the puzzles you tried (default:
    /// crownhead/puzzles.json in your data directory; "" keeps them for this run only).
    #[arg(long, value_name = "FILE")]
    pub puzzle_record: Option<PathBuf>,
    /// A puzzle file, as `crownhead puzzles build` writes one, to solve in place of the
    /// built-in puzzles of the rule set the board starts with.
    #[arg(long, value_name = "FILE.tsv")]
    pub puzzle_file: Option<PathBuf>,
    /// The opening book the engine plays from (`--book-file`: a book of the rule set
    /// the board starts with; the other rule sets keep their built-in books).
    #[command(flatten)]
    pub book: BookOptionArgs,
}

impl GuiArgs {
    /// Serves the board until the process is stopped: prints the URL (with the run's
    /// token) and opens it in the default browser unless asked not to.
    ///
    /// # Errors
    /// Bad engine options; the port cannot be had; output fails.
    pub fn run(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let variant = Some(self.variant.variant);
        let options =
            self.book.apply(OptionsBuilder::from_options(self.engine.options(None)?, variant))?.build();
        let server = Server::bind(GuiConfig {
            variant: self.variant.variant,
            port: self.port,
            options,
            collection: self.collection.clone(),
            openings: match_openings,
            puzzle_record: match &self.puzzle_record {
                Some(path) if path.as_os_str().is_empty() => None,
                Some(path) => Some(path.clone()),
                None => default_puzzle_record(),
            },
            puzzle_file: self.puzzle_file.clone(),
        })?;
        let url = server.url();
        writeln!(out, "crownhead gui: open {url}")?;
        writeln!(out, "(only this URL, with its token, opens the board; stop with Ctrl-C)")?;
        out.flush()?;
        if !self.no_open && !open_browser(&url) {
            writeln!(out, "could not open a browser: open the URL above by hand")?;
            out.flush()?;
        }
        server.run()?;
        Ok(())
    }
}

/// The match runner's built-in openings of `variant`, for the page's engine games.
fn match_openings(variant: Variant) -> Vec<Game> {
    openings::builtin(variant)
        .map(|set| set.iter().map(|opening| opening.game().clone()).collect())
        .unwrap_or_default()
}

/// Opens `url` in the default browser with the system's opener; whether it started.
fn open_browser(url: &str) -> bool {
    let (program, args): (&str, &[&str]) = if cfg!(target_os = "windows") {
        ("cmd", &["/C", "start", ""])
    } else if cfg!(target_os = "macos") {
        ("open", &[])
    } else {
        ("xdg-open", &[])
    };
    Command::new(program)
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .is_ok()
}
