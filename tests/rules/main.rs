//! The rules core: move generation against published perft counts and against
//! pydraughts, each rule clause on a hand-built position, notation and FEN, PDN reading
//! and writing (also checked by pydraughts' reader), and properties over random games.

#[path = "../common/mod.rs"]
mod common;

mod draws_pydraughts;
mod notation;
mod pdn;
mod pdn_pydraughts;
mod pdn_tree;
mod perft;
mod properties;
mod pydraughts_oracle;
mod rule_clauses;
mod turkish;
