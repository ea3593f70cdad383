//! What the engine knows of a rule set besides searching its positions, chosen in one
//! place: the network that evaluates them, the endgame database that holds those with
//! few pieces, and the opening book a move to play may come from. The [`Options`] say
//! only what the user asked for (a network, a database directory, a book file, the
//! switches); which of it serves a rule set, and where the built-in network, book and
//! database stand in, is decided here.

use std::sync::Arc;

use crate::book::Book;
use crate::egdb::{Database, files_variant};
use crate::network::Network;
use crate::network::builtin::builtin;
use crate::rules::Variant;
use crate::search::Knowledge;

use super::Options;
use super::options::Egdb;

/// What one search of a rule set knows, held for as long as it runs: the network and the
/// endgame database, if any.
pub(super) struct SearchKnowledge {
    network: Arc<Network>,
    egdb: Option<Arc<Database>>,
}

impl SearchKnowledge {
    /// As the searcher takes it.
    pub(super) fn borrowed(&self) -> Knowledge<'_> {
        Knowledge { network: &self.network, egdb: self.egdb.as_deref() }
    }
}

/// Chooses, from the options, what the engine knows of each rule set, and keeps the
/// endgame database opened for the last rule set searched (by the rule set whose files
/// serve it) while searches stay with it: its slices stay read.
#[derive(Default)]
pub(super) struct Resolver {
    opened: Option<(Variant, Option<Arc<Database>>)>,
}

impl Resolver {
    /// The network that evaluates positions of `variant`: the one set if it serves the
    /// rule set, else the built-in one.
    pub(super) fn network(options: &Options, variant: Variant) -> Arc<Network> {
        options
            .network
            .as_ref()
            .filter(|network| network.serves(variant))
            .cloned()
            .unwrap_or_else(|| builtin(variant))
    }

    /// The endgame database the search probes in positions of `variant`: the files
    /// under the directory set, unless they cover fewer pieces than the rule set's
    /// built-in database, which then serves; `None` when databases are off, or the rule
    /// set has neither.
    pub(super) fn egdb(&mut self, options: &Options, variant: Variant) -> Option<Arc<Database>> {
        let Egdb::On(root) = &options.egdb else {
            return None;
        };
        let files = files_variant(variant);
        if self.opened.as_ref().is_none_or(|(opened, _)| *opened != files) {
            let chosen = Database::preferred(files, root.as_deref());
            self.opened = Some((files, chosen.map(Arc::new)));
        }
        self.opened.as_ref().and_then(|(_, database)| database.clone())
    }

    /// The opening book a move to play in `variant` may come from when
    /// [`Options::book`] is on: the book file set if it is of the rule set, else the
    /// rule set's built-in book, if any.
    pub(super) fn book(options: &Options, variant: Variant) -> Option<Arc<Book>> {
        let file = options.book_file.clone().filter(|book| book.variant() == variant);
        file.or_else(|| crate::book::builtin(variant))
    }

    /// What a search of positions of `variant` knows: the network, then the database.
    pub(super) fn for_search(&mut self, options: &Options, variant: Variant) -> SearchKnowledge {
        let network = Resolver::network(options, variant);
        SearchKnowledge { network, egdb: self.egdb(options, variant) }
    }

    /// Forgets the database opened, for options that name another directory or network.
    pub(super) fn forget(&mut self) {
        self.opened = None;
    }

    /// The rule set whose database was opened last, and whether it has one.
    #[cfg(test)]
    pub(super) fn opened(&self) -> Option<(Variant, bool)> {
        self.opened.as_ref().map(|(variant, database)| (*variant, database.is_some()))
    }
}
