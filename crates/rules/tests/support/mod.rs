//! Helpers shared by the rules test modules. The battle builders live in `battles.rs`,
//! which the root package's window tests also include (by `#[path]`); `repo` is for
//! this crate only.

use std::path::{Path, PathBuf};

mod battles;
pub use battles::*;

/// Path of a file in the repository (two levels above this crate): `levels/…` and
/// `tests/fixtures/…`.
pub fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(p)
}
