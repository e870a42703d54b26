//! Skirmish: turn-based tactics on square and hex grids. The rules live in the
//! `skirmish-rules` crate; this crate is the command line and the window.
#![forbid(unsafe_code)]

pub mod batch;
pub mod cli;
pub mod game;
