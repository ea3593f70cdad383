//! Records what the build was made from, for `crownhead --version`
//! (`crownhead::engine::build`): the git revision as `CROWNHEAD_REVISION` and the target
//! triple as `CROWNHEAD_TARGET`.
//!
//! The revision comes from, in order: the `CROWNHEAD_REVISION` variable, when a build
//! outside any checkout wants to name its source; `.cargo_vcs_info.json`, which `cargo
//! package` writes into a packaged crate; git, in a checkout (the commit, with `-modified`
//! when the files the build reads differ from it); else `unknown`.

use std::path::Path;
use std::process::Command;

/// What the binary is built from: the files whose change can change it.
const INPUTS: [&str; 8] = ["src", "nets", "books", "egdb", "puzzles", "build.rs", "Cargo.toml", "Cargo.lock"];

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".to_string());
    println!("cargo:rustc-env=CROWNHEAD_TARGET={target}");
    println!("cargo:rustc-env=CROWNHEAD_REVISION={}", revision());
    println!("cargo:rerun-if-env-changed=CROWNHEAD_REVISION");
}

/// The revision, from the first source that has one.
fn revision() -> String {
    if let Ok(named) = std::env::var("CROWNHEAD_REVISION") {
        return named;
    }
    packaged_revision().or_else(git_revision).unwrap_or_else(|| "unknown".to_string())
}

/// The checkout's commit, with `-modified` when the build's inputs differ from it, and the
/// rerun triggers that keep it current: a commit moves `HEAD` or the branch it names, and
/// an edit touches the inputs.
fn git_revision() -> Option<String> {
    // Only a checkout that tracks this crate names its commit: a crate unpacked inside
    // another repository's folder is not that repository's.
    git(&["ls-files", "--error-unmatch", "Cargo.toml"])?;
    let commit = git(&["rev-parse", "--short=12", "HEAD"])?;
    for name in ["HEAD", "packed-refs"] {
        rerun_if_changed(git(&["rev-parse", "--git-path", name]));
    }
    if let Some(branch) = git(&["symbolic-ref", "--quiet", "HEAD"]) {
        rerun_if_changed(git(&["rev-parse", "--git-path", &branch]));
    }
    for input in INPUTS {
        println!("cargo:rerun-if-changed={input}");
    }
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(INPUTS);
    let modified = git(&status).is_some_and(|changes| !changes.is_empty());
    Some(if modified { format!("{commit}-modified") } else { commit })
}

/// The commit `cargo package` recorded in the packaged crate, shortened as git would.
fn packaged_revision() -> Option<String> {
    let info = std::fs::read_to_string(".cargo_vcs_info.json").ok()?;
    println!("cargo:rerun-if-changed=.cargo_vcs_info.json");
    let sha1 = info.split("\"sha1\":").nth(1)?.split('"').nth(1)?;
    let dirty = info.contains("\"dirty\": true");
    let short = sha1.get(..12)?;
    Some(if dirty { format!("{short}-modified") } else { short.to_string() })
}

/// A git command's trimmed output, or `None` where git or the checkout is missing.
fn git(arguments: &[&str]) -> Option<String> {
    let output = Command::new("git").args(arguments).output().ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout).ok().map(|text| text.trim().to_string())
}

/// Asks for a rerun when the git file at `path` changes, if it exists.
fn rerun_if_changed(path: Option<String>) {
    if let Some(path) = path.filter(|path| Path::new(path).exists()) {
        println!("cargo:rerun-if-changed={path}");
    }
}
