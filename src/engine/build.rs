//! What this build of the engine is: its version, the git revision it was built from,
//! its target, and the instruction sets it runs with, for `crownhead --version` and bug
//! reports. The revision and target come from the build script (`build.rs`).

/// The crate's version, from Cargo.toml.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit the build was made from (12 hex digits, `-modified` when the files it
/// was built from differed from the commit), or `unknown` outside a checkout.
pub const REVISION: &str = env!("CROWNHEAD_REVISION");

/// The target triple the build was compiled for, such as `x86_64-unknown-linux-gnu`.
pub const TARGET: &str = env!("CROWNHEAD_TARGET");

/// The instruction-set extensions the whole build was compiled to use, among those the
/// engine's speed depends on: popcnt counts a bitboard's pieces; the others let the
/// compiler vectorise. A portable build (x86-64-v2) has popcnt and sse4.2.
pub fn compiled_in() -> Vec<&'static str> {
    let features = [
        ("popcnt", cfg!(target_feature = "popcnt")),
        ("sse4.2", cfg!(target_feature = "sse4.2")),
        ("avx2", cfg!(target_feature = "avx2")),
        ("bmi2", cfg!(target_feature = "bmi2")),
    ];
    features.into_iter().filter(|&(_, enabled)| enabled).map(|(name, _)| name).collect()
}

/// The instruction set the network's inner loops chose on this processor (`avx2`), or
/// `None` where they run the portable code.
pub use crate::network::chosen_at_run_time;

/// The lines `crownhead --version` prints after the version.
pub fn describe() -> String {
    let compiled = compiled_in();
    let compiled = if compiled.is_empty() { "none".to_string() } else { compiled.join(" ") };
    let run_time = chosen_at_run_time().unwrap_or("none, portable code");
    format!(
        "{VERSION}\nrevision {REVISION}\ntarget {TARGET}\ncompiled for: {compiled}\n\
         chosen at run time for the network: {run_time}"
    )
}
