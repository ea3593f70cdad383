//! The protocols the engine speaks, to the real binary: Hub line by line and with
//! pydraughts' client, and DXP over loopback TCP.

#[path = "../common/mod.rs"]
mod common;

mod dxp;
mod hub;
mod hub_pydraughts;
