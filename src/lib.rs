//! Skirmish: turn-based tactics on square and hex grids. The rules live in the
//! `skirmish-rules` crate; this crate is the command line and the window.
#![forbid(unsafe_code)]

/// `eprintln!` that cannot panic: when stderr is gone (`2>&1 | head`) the line is lost,
/// nothing more.
macro_rules! note {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

pub mod batch;
pub mod catalogue;
pub mod check_log;
pub mod cli;
pub mod editor;
pub mod files;
pub mod folders;
pub mod fuzz;
pub mod game;
pub mod run;
pub mod saves;
pub mod shipped;
