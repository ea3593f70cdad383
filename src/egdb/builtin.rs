//! The databases built into the binary, from the repository's `egdb/` directory (its
//! README says which and how they were made): for each rule set there, its slice files
//! of up to a few pieces one after another, a *bundle* ([`file::split_bundle`]). The
//! engine probes them where no files on disk cover as many pieces
//! ([`Database::builtin`](super::Database::builtin)).

use std::sync::LazyLock;

use ahash::AHashMap;

use super::file;
use super::slice::Slice;
use crate::rules::Variant;

/// Each built-in bundle, by the rule set whose files it holds ([`super::files_variant`]).
const BUNDLES: &[(Variant, &[u8])] = &[
    (Variant::English, include_bytes!("../../egdb/english.egdb")),
    (Variant::Russian, include_bytes!("../../egdb/russian.egdb")),
    (Variant::Italian, include_bytes!("../../egdb/italian.egdb")),
    (Variant::Spanish, include_bytes!("../../egdb/spanish.egdb")),
    (Variant::SpanishShort, include_bytes!("../../egdb/spanish-short.egdb")),
    (Variant::Brazilian, include_bytes!("../../egdb/brazilian.egdb")),
    (Variant::Pool, include_bytes!("../../egdb/pool.egdb")),
    (Variant::Czech, include_bytes!("../../egdb/czech.egdb")),
    (Variant::PlayOk, include_bytes!("../../egdb/playok.egdb")),
    (Variant::International, include_bytes!("../../egdb/international.egdb")),
];

/// A rule set's built-in slice files.
#[derive(Debug)]
pub struct Bundle {
    /// Each slice's file.
    pub files: AHashMap<Slice, &'static [u8]>,
}

/// The bundles, their files found once at first use. The bundles are part of the build
/// and the tests read every file, so a broken one is a defect of the build, not an
/// input.
static BUNDLED: LazyLock<Vec<(Variant, Bundle)>> = LazyLock::new(|| {
    BUNDLES
        .iter()
        .map(|&(variant, bytes)| {
            let files = file::split_bundle(bytes)
                .unwrap_or_else(|message| panic!("built-in database of {variant}: {message}"))
                .into_iter()
                .collect();
            (variant, Bundle { files })
        })
        .collect()
});

/// The built-in files of `variant`, a rule set whose files serve others
/// ([`super::files_variant`]), if it has any.
pub fn bundle(variant: Variant) -> Option<&'static Bundle> {
    BUNDLED.iter().find(|(bundled, _)| *bundled == variant).map(|(_, bundle)| bundle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egdb::file::Label;

    /// Every bundle holds each slice of up to 4 pieces once, each file sound (its header,
    /// indexes and every block's checksum) and of its own slice, and nothing else.
    #[test]
    fn every_bundle_holds_its_slices_up_to_four_pieces_and_reads() {
        for &(variant, bytes) in BUNDLES {
            let geometry = &variant.rules().geometry;
            let files = file::split_bundle(bytes).expect("a bundle");
            let slices = Slice::all(geometry, 4);
            assert_eq!(files.len(), slices.len(), "{variant}");
            let bundle = bundle(variant).expect("bundled");
            assert_eq!(bundle.files.len(), slices.len(), "{variant}");
            assert!(slices.iter().all(|slice| bundle.files.contains_key(slice)), "{variant}");
            for (slice, bytes) in files {
                let label = Label { rule_set: variant.name(), squares: geometry.square_count(), slice };
                let tables =
                    file::parse(bytes, label).unwrap_or_else(|error| panic!("{variant} {slice}: {error}"));
                assert!(
                    tables.iter().all(|blocks| blocks.has_checksums() && blocks.damaged() == Ok(Vec::new()))
                );
            }
        }
        assert!(bundle(Variant::Killer).is_none() && bundle(Variant::English25).is_none());
    }

    #[test]
    fn a_garbled_bundle_is_refused() {
        let english = BUNDLES[0].1;
        assert!(file::split_bundle(&english[..english.len() - 1]).is_err());
        assert!(file::split_bundle(&english[1..]).is_err());
        assert_eq!(file::split_bundle(&[]), Ok(Vec::new()));
    }
}
