//! The one integration-test binary (every extra one links Bevy again).
#![forbid(unsafe_code)]

mod ai;
mod cli;
mod dice;
mod engine;
mod flow;
mod grid;
mod levels;
mod tactical_d20;
mod window;

use std::path::{Path, PathBuf};

/// Path of a file in the repository.
pub fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}
