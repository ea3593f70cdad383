//! The protocols the engine speaks, to the real binary: Hub line by line and with
//! pydraughts' client, and DXP over loopback TCP, with the limits it holds hostile peers
//! to.

#[path = "../common/mod.rs"]
mod common;

mod dxp;
mod dxp_limits;
mod hub;
mod hub_pydraughts;
