//! The one-shot commands of the binary, each in a file of its own: it takes its options,
//! does its work and writes its report.

pub mod analyse;
pub mod analyse_game;
pub mod bench;
pub mod board;
pub mod book;
pub mod egdb;
pub mod egdb_next;
pub mod perft;
pub mod play;
