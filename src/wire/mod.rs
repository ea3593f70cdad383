//! The text the protocols put on the wire, shared by the engine's front ends and the
//! match runner's client of other engines: Hub lines ([`hub_line`]: reading,
//! tokenising and quoting them) and position strings ([`position`]: Hub's and DXP's
//! letters, in the standard and pydraughts orders). Below the front ends and the tools,
//! knowing only the rules, so that a Hub server and a Hub client read the same text with
//! the same code.

pub(crate) mod hub_line;
pub(crate) mod position;
